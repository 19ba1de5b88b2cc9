/**
 * The one wiring of a check and Weft's public Java API: a {@link dev.weft.check.CheckRequest} in, a
 * {@link dev.weft.check.CheckResult} out ({@link dev.weft.check.Checker}). Every front runs its checks through it.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.check;
