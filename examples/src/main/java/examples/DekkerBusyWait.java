package examples;

/**
 * Dekker's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and PSO
 * both threads can raise their flag in their store buffer, read the other's flag as still lowered
 * and enter together, so one increment of {@code entries} is lost.
 */
public class DekkerBusyWait {
    static boolean wants0;
    static boolean wants1;
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
        setWants(me, true);
        while (wants(other)) {
            if (turn != me) {
                setWants(me, false);
                while (turn != me) {
                    // busy wait for our turn
                }
                setWants(me, true);
            }
        }
        entries = entries + 1;
        turn = other;
        setWants(me, false);
    }

    // Two fields instead of an array keep each flag access a single event.
    private static boolean wants(int thread) {
        return thread == 0 ? wants0 : wants1;
    }

    private static void setWants(int thread, boolean value) {
        if (thread == 0) {
            wants0 = value;
        } else {
            wants1 = value;
        }
    }
}
