/**
 * Fix advice for bugs only a relaxed memory model shows ({@code --suggest-fixes}, docs/fences.md): the
 * reorderings each bug run needed, the fewest fixes that rule them out, and the explorations that prove
 * the set works and that each fix in it is needed ({@link dev.weft.advice.FixAdvisor}).
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.advice;
