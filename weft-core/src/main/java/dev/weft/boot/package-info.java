/**
 * The one class put on the bootstrap class path for instrumented JDK code ({@link dev.weft.boot.JdkBridge}):
 * its hooks and the per-thread guard that lets only a run's program threads through. JDK types only;
 * it uses nothing of Weft, which plugs in behind it.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.boot;
