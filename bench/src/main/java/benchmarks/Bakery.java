package benchmarks;

import examples.MutualExclusionCheck;

/**
 * Lamport's bakery algorithm for two threads on plain cells. Bug under TSO and PSO: both threads
 * can take a number while it is still buffered and read the other's number as 0, so both enter.
 * Correct under SC.
 */
public class Bakery {
    private static final int THREADS = 2;
    private static final int CHOOSING = 0;
    private static final int NUMBER = THREADS;
    private final Cells cells;

    Bakery(Cells cells) {
        this.cells = cells;
    }

    public static void main(String[] args) throws InterruptedException {
        Bakery protocol = new Bakery(Cells.plain(2 * THREADS));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }

    void enter(int me) {
        cells.set(CHOOSING + me, 1);
        int highest = 0;
        for (int j = 0; j < THREADS; j++) {
            highest = Math.max(highest, cells.get(NUMBER + j));
        }
        int mine = highest + 1;
        cells.set(NUMBER + me, mine);
        cells.set(CHOOSING + me, 0);
        for (int j = 0; j < THREADS; j++) {
            if (j == me) {
                continue;
            }
            while (cells.get(CHOOSING + j) == 1) {
                // wait until j has its number
            }
            int theirs = cells.get(NUMBER + j);
            while (theirs != 0 && (theirs < mine || (theirs == mine && j < me))) {
                theirs = cells.get(NUMBER + j);
            }
        }
    }

    void exit(int me) {
        cells.set(NUMBER + me, 0);
    }
}
