package examples;

import java.util.concurrent.atomic.AtomicInteger;

/** Two threads increment with a compare-and-set retry loop; no increment is lost. Correct. */
public class CasCounter {
    static final AtomicInteger counter = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(CasCounter::increment);
        Thread second = new Thread(CasCounter::increment);
        first.start();
        second.start();
        first.join();
        second.join();
        if (counter.get() != 2) {
            throw new AssertionError("counter = " + counter.get() + ", expected 2");
        }
    }

    static void increment() {
        int seen;
        do {
            seen = counter.get();
        } while (!counter.compareAndSet(seen, seen + 1));
    }
}
