package examples;

/**
 * Peterson's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and
 * PSO a thread's writes to its flag and to {@code turn} can still be buffered when it reads the
 * other thread's flag, so both threads enter the critical section.
 */
public class PetersonBusyWait {
    static int turn;

    public static void main(String[] args) throws InterruptedException {
        MutualExclusionCheck.check(PetersonBusyWait::enter, PetersonBusyWait::exit);
    }

    static void enter(int me) {
        int other = 1 - me;
        ThreadFlags.set(me, true);
        turn = other;
        while (ThreadFlags.isRaised(other) && turn == other) {
            // busy wait
        }
    }

    static void exit(int me) {
        ThreadFlags.set(me, false);
    }
}
