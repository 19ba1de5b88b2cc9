package dev.weft.causal;

import dev.weft.solver.Formula;

/** Makes the order atom {@code O_a < O_b}: the causal model's one object for each pair, so a solver encodes it once. */
interface OrderAtoms {
    Formula before(int a, int b);
}
