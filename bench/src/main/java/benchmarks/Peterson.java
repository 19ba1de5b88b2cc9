package benchmarks;

import examples.MutualExclusionCheck;

/**
 * Peterson's algorithm on plain cells. Bug under TSO and PSO: a thread's flag and turn writes can
 * still be buffered when it reads the other's flag, so both enter. Correct under SC.
 */
public class Peterson {
    private static final int TURN = 2;
    private final Cells cells;

    Peterson(Cells cells) {
        this.cells = cells;
    }

    public static void main(String[] args) throws InterruptedException {
        Peterson protocol = new Peterson(Cells.plain(3));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }

    void enter(int me) {
        int other = 1 - me;
        cells.set(me, 1);
        cells.set(TURN, other);
        while (cells.get(other) == 1 && cells.get(TURN) == other) {
            // busy wait
        }
    }

    void exit(int me) {
        cells.set(me, 0);
    }
}
