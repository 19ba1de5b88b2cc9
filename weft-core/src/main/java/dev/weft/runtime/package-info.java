/**
 * The controlled runtime: runs a {@link dev.weft.runtime.ProgramUnderTest} under Weft's scheduler.
 *
 * <p>{@link dev.weft.runtime.ControlledExecutor} performs one run per call: a fresh program copy
 * whose hooks call a per-run scheduler, main in a fresh thread, exactly one program thread running
 * at a time, and every scheduling point decided by a {@link dev.weft.runtime.SchedulePolicy}. Under
 * TSO/PSO plain writes wait in per-thread store buffers and each possible flush is a choice of its
 * own. A run ends with its trace, the schedule that replays it, and the bug (assertion, exception,
 * deadlock, livelock, exit) if any; every program thread is stopped before the result is returned.
 *
 * <p>Inside a run, {@code ControlledHooks} is the hooks' handler and says which part handles each
 * hook. The parts:
 * <ul>
 *   <li>{@code Scheduler}, the core: the run's lock, the registry of its threads, whose turn it is,
 *       each choice of the policy (a thread's step or a buffered write's flush), the end of the run,
 *       the watchdog for stuck threads and the teardown of the program's threads;</li>
 *   <li>{@code Recording}: the run's events, initial values, schedule and object ids, handed over to
 *       the run's result;</li>
 *   <li>{@code MemoryAccess}: reads, writes, store forwarding and fences ({@code StoreBuffer},
 *       {@code VisibleValues}, {@code MemoryCell}; under JMM {@code JmmViews}, and {@code JmmCoverage},
 *       which says where a run could hide load buffering);</li>
 *   <li>{@code Locks}: monitors, wait/notify, {@code java.util.concurrent} locks, conditions and
 *       read/write views, park/unpark ({@code LockState});</li>
 *   <li>{@code ThreadLifecycle}: thread bodies, start, join, sleep, yield, interrupts, isAlive,
 *       exit, static initialisers and pool workers;</li>
 *   <li>{@code Atomics}: the atomic classes ({@code AtomicCell});</li>
 *   <li>{@code Determinism}: identity hash codes, clocks and random numbers;</li>
 *   <li>{@code JdkObjects}: calls on JDK objects (collections, maps, string builders ...) that more
 *       than one thread can reach, as events on each object's state, with {@code CallText} for the
 *       calls in words; which objects can change and how, {@code dev.weft.jdk.JdkApi} says;</li>
 *   <li>{@code Loops}: arrivals at loop headers, which each thread's {@code LoopWatch} judges by the
 *       busy-wait rule ({@link dev.weft.trace.BusyWait}: a spinner is held at a LOOP step) and the
 *       loop bound (the run is cut); {@code BusyWaitRules} shows the watches the run's steps and the
 *       writes made visible;</li>
 *   <li>{@code BugReports}: the bugs the runtime finds itself and the program locations they point at,
 *       and how a thread's uncaught failure ends the run: the program's bug, or Weft's own failure
 *       ({@code WeftThrowables} tells the two apart; exceptions thrown to the program on purpose go
 *       through {@code WeftThrowables.atCaller}).</li>
 * </ul>
 * A part that cuts a run short or relies on something Weft cannot model says so with
 * {@code Recording.incomplete}: the run's result carries the reason, and the exploration is then never
 * counted complete. A run is ended from outside (the exploration's time limit, Ctrl-C) by
 * {@link dev.weft.runtime.RunConfig#stop()}, which the scheduling core's watcher asks.
 * The parts hold the {@code Scheduler} and call it (around every hook, at every scheduling point
 * and event); {@code Locks} also tells a thread's {@code LoopWatch} of a re-entrant lock operation,
 * which no event shows. {@code JdkObjects} also holds {@code Locks}, whose monitors the thread-safe
 * JDK classes take; a JDK call's events, which it records when the call returns, the scheduler
 * records first if the thread reaches another scheduling point or event before
 * ({@code RunThread.owedEvents}).
 *
 * <p>A run whose JDK classes are instrumented ({@link dev.weft.runtime.RunConfig#instrumentedJdk}) hands its code the
 * handler through {@code WeftCodeGuard}, so that the runtime's own use of those classes is never the program's.
 *
 * <p>{@link dev.weft.runtime.ProgramRunner} is what the exploration above uses to run a program;
 * {@code ControlledExecutor} is the runner over real runs.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.runtime;
