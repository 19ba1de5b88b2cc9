package examples;

/**
 * Peterson's mutual exclusion with busy waiting on plain fields. Correct under SC; under TSO and
 * PSO each thread's writes to its flag and to {@code turn} can still sit in its store buffer when
 * it reads the other thread's flag, so both threads can enter.
 */
public class PetersonBusyWait {
    static final class Side {
        boolean interested;
    }

    static final Side first = new Side();
    static final Side second = new Side();
    static int turn;
    static final CriticalSection critical = new CriticalSection();

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> enterOnce(first, second, 1));
        Thread b = new Thread(() -> enterOnce(second, first, 0));
        a.start();
        b.start();
        a.join();
        b.join();
    }

    static void enterOnce(Side me, Side other, int otherTurn) {
        me.interested = true;
        turn = otherTurn;
        while (other.interested && turn == otherTurn) {
            // busy wait
        }
        critical.enter();
        critical.exit();
        me.interested = false;
    }
}
