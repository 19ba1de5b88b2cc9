package examples;

/**
 * Dekker's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and PSO
 * both threads can raise their flag in their store buffer, read the other's flag as still lowered,
 * and enter together.
 */
public class DekkerBusyWait {
    static final class Side {
        boolean wantsToEnter;
    }

    static final Side first = new Side();
    static final Side second = new Side();
    static int turn;
    static final CriticalSection critical = new CriticalSection();

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> enterOnce(first, second, 0, 1));
        Thread b = new Thread(() -> enterOnce(second, first, 1, 0));
        a.start();
        b.start();
        a.join();
        b.join();
    }

    static void enterOnce(Side me, Side other, int myTurn, int otherTurn) {
        me.wantsToEnter = true;
        while (other.wantsToEnter) {
            if (turn != myTurn) {
                me.wantsToEnter = false;
                while (turn != myTurn) {
                    // busy wait for our turn
                }
                me.wantsToEnter = true;
            }
        }
        critical.enter();
        critical.exit();
        turn = otherTurn;
        me.wantsToEnter = false;
    }
}
