package examples;

/**
 * Dekker's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and PSO
 * both threads can raise their flag in their store buffer, read the other's flag as still lowered
 * and enter the critical section together.
 */
public class DekkerBusyWait {
    static int turn;

    public static void main(String[] args) throws InterruptedException {
        MutualExclusionCheck.check(DekkerBusyWait::enter, DekkerBusyWait::exit);
    }

    static void enter(int me) {
        ThreadFlags.set(me, true);
        while (ThreadFlags.isRaised(1 - me)) {
            if (turn != me) {
                ThreadFlags.set(me, false);
                while (turn != me) {
                    // busy wait for our turn
                }
                ThreadFlags.set(me, true);
            }
        }
    }

    static void exit(int me) {
        turn = 1 - me;
        ThreadFlags.set(me, false);
    }
}
