/**
 * Ordering queries over formulas ({@link dev.weft.solver.OrderSolver}): Weft's own CDCL backend and Z3
 * behind one interface, chosen by {@link dev.weft.solver.SolverKind}. It imports nothing above it.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.solver;
