/**
 * MCR's causal model of a trace ({@link dev.weft.causal.CausalModel}: must-happen-before, lock mutual
 * exclusion, data validity), the seeds that ask for a new value, outcome or order, and race queries.
 * It reads traces and asks {@code solver}; docs/mcr.md says what the model covers and where it departs from the papers.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.causal;
