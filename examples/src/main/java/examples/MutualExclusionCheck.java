package examples;

import java.util.function.IntConsumer;

/**
 * Checks a two-thread mutual exclusion protocol: threads 0 and 1 each run the entry protocol,
 * increment an unsynchronised counter inside the critical section and run the exit protocol. When
 * the protocol lets both threads in at once one increment can be lost, and main fails with an
 * AssertionError after joining them.
 */
public final class MutualExclusionCheck {
    private static int entries;

    private MutualExclusionCheck() {
    }

    public static void check(IntConsumer enter, IntConsumer exit) throws InterruptedException {
        Thread first = new Thread(() -> pass(enter, exit, 0));
        Thread second = new Thread(() -> pass(enter, exit, 1));
        first.start();
        second.start();
        first.join();
        second.join();
        if (entries != 2) {
            throw new AssertionError("mutual exclusion violated: an increment inside the critical section was lost");
        }
    }

    private static void pass(IntConsumer enter, IntConsumer exit, int me) {
        enter.accept(me);
        entries = entries + 1;
        exit.accept(me);
    }
}
