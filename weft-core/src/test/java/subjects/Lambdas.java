package subjects;

/** Thread bodies as a method reference, a lambda, an anonymous class and a nested class, all on one counter. */
public class Lambdas {
    static int total;

    static class Counter {
        private int count;

        void increment() {
            synchronized (this) {
                count++;
            }
        }
    }

    static class Adder implements Runnable {
        private final Counter counter;

        Adder(Counter counter) {
            this.counter = counter;
        }

        @Override
        public void run() {
            counter.increment();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Counter counter = new Counter();
        Thread[] threads = {
            new Thread(counter::increment),
            new Thread(() -> counter.increment()),
            new Thread(new Runnable() {
                @Override
                public void run() {
                    counter.increment();
                }
            }),
            new Thread(new Adder(counter), "adder"),
        };
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        total += counter.count;
    }
}
