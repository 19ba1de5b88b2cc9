package benchmarks;

import examples.MutualExclusionCheck;

/**
 * Lamport's fast mutual exclusion algorithm for two threads (ids 1 and 2) on plain cells. Bug under
 * TSO and PSO: on the fast path each thread reads back its own buffered write of x and reads y
 * before the other's write of y is visible, so both enter. Correct under SC.
 */
public class LamportFastMutex {
    private static final int X = 0;
    private static final int Y = 1;
    private static final int BUSY = 2;
    private final Cells cells;

    LamportFastMutex(Cells cells) {
        this.cells = cells;
    }

    public static void main(String[] args) throws InterruptedException {
        LamportFastMutex protocol = new LamportFastMutex(Cells.plain(4));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }

    void enter(int me) {
        int id = me + 1;
        while (true) {
            cells.set(BUSY + me, 1);
            cells.set(X, id);
            if (cells.get(Y) != 0) {
                cells.set(BUSY + me, 0);
                awaitNoOwner();
                continue;
            }
            cells.set(Y, id);
            if (cells.get(X) == id) {
                return;
            }
            cells.set(BUSY + me, 0);
            while (cells.get(BUSY + 1 - me) == 1) {
                // wait until the other thread leaves its doorway
            }
            if (cells.get(Y) == id) {
                return;
            }
            awaitNoOwner();
        }
    }

    void exit(int me) {
        cells.set(Y, 0);
        cells.set(BUSY + me, 0);
    }

    private void awaitNoOwner() {
        while (cells.get(Y) != 0) {
            // wait until the owner leaves
        }
    }
}
