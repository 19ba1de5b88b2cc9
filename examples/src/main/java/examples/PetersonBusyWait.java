package examples;

/**
 * Peterson's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and
 * PSO a thread's writes to its flag and to {@code turn} can still be buffered when it reads the
 * other thread's flag, so both threads enter and one increment of {@code entries} is lost.
 */
public class PetersonBusyWait {
    static boolean interested0;
    static boolean interested1;
    static int turn;
    static int entries;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> passCriticalSection(0));
        Thread second = new Thread(() -> passCriticalSection(1));
        first.start();
        second.start();
        first.join();
        second.join();
        if (entries != 2) {
            throw new AssertionError("mutual exclusion violated: an increment inside the critical section was lost");
        }
    }

    static void passCriticalSection(int me) {
        int other = 1 - me;
        setInterested(me, true);
        turn = other;
        while (interested(other) && turn == other) {
            // busy wait
        }
        entries = entries + 1;
        setInterested(me, false);
    }

    // Two fields instead of an array keep each flag access a single event.
    private static boolean interested(int thread) {
        return thread == 0 ? interested0 : interested1;
    }

    private static void setInterested(int thread, boolean value) {
        if (thread == 0) {
            interested0 = value;
        } else {
            interested1 = value;
        }
    }
}
