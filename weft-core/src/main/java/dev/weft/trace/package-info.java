/**
 * The product of a run, immutable: a {@link dev.weft.trace.Trace} of {@link dev.weft.trace.Event}s in
 * execution order with the {@link dev.weft.trace.Symbols} that name threads, fields, objects and source
 * locations, the {@link dev.weft.trace.RunResult} (status, trace, the choices that replay it, bugs, the
 * reasons a run did not cover what it ran), and the types two later stages share. It uses nothing else of Weft.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.trace;
