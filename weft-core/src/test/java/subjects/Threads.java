package subjects;

/** Thread subclasses (one overriding start), a method reference as body, and the static Thread operations. */
public class Threads {
    static int ran;
    static boolean flags;

    static class Worker extends Thread {
        @Override
        public void run() {
            ran += 1;
        }
    }

    static class LoudStarter extends Thread {
        LoudStarter() {
            super("loud");
        }

        @Override
        public synchronized void start() {
            ran += 10;
            super.start();
        }

        @Override
        public void run() {
            ran += 100;
        }
    }

    /** Overrides interrupt: a call through a Thread-typed variable must reach the override, whose super call is the JDK's. */
    static class Stubborn extends Thread {
        @Override
        public void interrupt() {
            ran += 10000;
            super.interrupt();
        }
    }

    static void work() {
        ran += 1000;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Worker();
        worker.start();
        worker.join();
        Thread loud = new LoudStarter();
        loud.start();
        loud.join();
        Thread reference = new Thread(Threads::work);
        reference.start();
        reference.join(100_000);
        Thread.sleep(1);
        Thread.yield();
        Thread.onSpinWait();
        Thread stubborn = new Stubborn();
        stubborn.interrupt();
        Thread me = Thread.currentThread();
        me.interrupt();
        boolean interrupted = me.isInterrupted();
        boolean cleared = Thread.interrupted();
        flags = interrupted && cleared && !reference.isAlive();
    }
}
