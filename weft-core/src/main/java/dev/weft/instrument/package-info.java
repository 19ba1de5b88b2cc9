/**
 * Instrumentation: rewrites the program's classes so that every shared access and synchronization
 * operation calls the runtime ({@link dev.weft.runtime.hooks.HookHandler}) before it happens.
 *
 * <p>{@link dev.weft.instrument.InstrumentedProgram} opens a program on a classpath and gives each run
 * a fresh {@code RunClassLoader}, starting at main, or ({@code openEntry}) at a test-shaped
 * {@link dev.weft.instrument.EntryPoint} that {@code support.EntryRunner} calls inside the run's
 * loader; {@link dev.weft.instrument.ProgramTransformer} chains one method visitor per concern (fields, arrays, allocations, monitors, synchronized methods, thread bodies,
 * class initialisers, and JDK calls: threads, determinism, locks, atomics, unsupported APIs, and
 * calls on JDK objects whose state Weft follows, with where such objects escape: {@code JdkObjectVisitor});
 * {@link dev.weft.instrument.Agent} applies the same transformer under {@code -javaagent}.
 * JDK classes are rewritten only on request ({@code --instrument-jdk}): {@link dev.weft.instrument.JdkInstrumentation}
 * transforms those {@link dev.weft.instrument.JdkClasses} lists in place through the JVM's {@code Instrumentation}
 * ({@link dev.weft.instrument.JdkAgent}), with a subset of the chain ({@code JdkVisitors}) whose hooks go to
 * {@code dev.weft.boot.JdkBridge} on the bootstrap class path (docs/jdk.md). Otherwise calls into the JDK are
 * intercepted at the program's call sites.
 * Where the program would create a JDK thread pool, FutureTask or CountDownLatch,
 * {@link dev.weft.instrument.ModelSubstitutionVisitor} makes it create Weft's model of it instead
 * ({@code dev.weft.modelled}), which each run loads and instruments like a program class.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.instrument;
