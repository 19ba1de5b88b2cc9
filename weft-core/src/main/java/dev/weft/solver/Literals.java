package dev.weft.solver;

/**
 * Literals as ints, MiniSat's way: variable {@code v}'s positive literal is {@code 2v}, its negative
 * {@code 2v + 1}, so negation flips the low bit and a literal indexes per-literal arrays directly.
 */
final class Literals {

    private Literals() {
    }

    static int positive(int v) {
        return 2 * v;
    }

    static int negative(int v) {
        return 2 * v + 1;
    }

    static int negate(int literal) {
        return literal ^ 1;
    }

    static int variable(int literal) {
        return literal >> 1;
    }

    static boolean isNegative(int literal) {
        return (literal & 1) != 0;
    }
}
