package examples.oracle;

import java.util.concurrent.atomic.AtomicInteger;

/** A pure busy-wait with Thread.yield for two writers to finish; which writer wrote last varies. Correct. */
public class PureSpinTwoWriters {
    static volatile int last;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        AtomicInteger finished = new AtomicInteger();
        Thread one = new Thread(() -> write(1, finished));
        Thread two = new Thread(() -> write(2, finished));
        one.start();
        two.start();
        while (finished.get() < 2) {
            Thread.yield();
        }
        seen = last;
        one.join();
        two.join();
    }

    static void write(int id, AtomicInteger finished) {
        Noise.point();
        last = id;
        finished.incrementAndGet();
    }
}
