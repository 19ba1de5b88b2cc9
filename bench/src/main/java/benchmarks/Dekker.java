package benchmarks;

import examples.MutualExclusionCheck;

/**
 * Dekker's algorithm on plain cells. Bug under TSO and PSO: both threads raise their flag in their
 * store buffer, read the other's flag as lowered and enter together. Correct under SC.
 */
public class Dekker {
    private static final int TURN = 2;
    private final Cells cells;

    Dekker(Cells cells) {
        this.cells = cells;
    }

    public static void main(String[] args) throws InterruptedException {
        Dekker protocol = new Dekker(Cells.plain(3));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }

    void enter(int me) {
        cells.set(me, 1);
        while (cells.get(1 - me) == 1) {
            if (cells.get(TURN) != me) {
                cells.set(me, 0);
                while (cells.get(TURN) != me) {
                    // busy wait for our turn
                }
                cells.set(me, 1);
            }
        }
    }

    void exit(int me) {
        cells.set(TURN, 1 - me);
        cells.set(me, 0);
    }
}
