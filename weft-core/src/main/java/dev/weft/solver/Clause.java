package dev.weft.solver;

/**
 * A clause of the order solver. Its first two literals are the watched ones; a learned clause carries
 * its literal block distance (LBD) and activity, which decide whether it survives a reduction.
 */
final class Clause {
    final int[] literals;
    final boolean learnt;
    int lbd;
    double activity;
    boolean deleted;

    Clause(int[] literals, boolean learnt) {
        this.literals = literals;
        this.learnt = learnt;
    }
}
