/**
 * Weft's models of {@code java.util.concurrent} classes whose JDK versions block inside the JDK where
 * no hook sees them: thread pools ({@link dev.weft.modelled.ModelledThreadPoolExecutor}, made by
 * {@link dev.weft.modelled.ModelledExecutors}), {@link dev.weft.modelled.ModelledFutureTask} and
 * {@link dev.weft.modelled.ModelledCountDownLatch}; and of the classes whose JDK versions run code on
 * threads the JDK starts itself: {@link dev.weft.modelled.ModelledCompletableFuture},
 * {@link dev.weft.modelled.ModelledForkJoinPool} (the common pool too) with the fork/join tasks
 * ({@link dev.weft.modelled.ModelledForkJoinTasks}), {@link dev.weft.modelled.ModelledParallelStream} and
 * {@link dev.weft.modelled.ModelledScheduledThreadPoolExecutor}.
 *
 * <p>They are plain Java written with threads, monitors and {@code wait}/{@code notify}, and every
 * run's class loader loads them and instruments them like program code: a pool's workers are program
 * threads, and the hand-over of a task, its result or a count-down is synchronization the scheduler,
 * the causal model and race detection see. The instrumenter makes the program create these classes
 * where it would create the JDK ones; each extends or implements the JDK type, so code typed against
 * the JDK API runs unchanged. A call that would reach a JDK method the models do not override stops
 * the run as unsupported.
 *
 * <p>Rules for code here: all state that decides what a thread does next lives in fields and arrays
 * of these classes (never in JDK collections, which are not instrumented, so the causal model would
 * not see a thread's choice depend on them); every shared field is guarded by a monitor or volatile.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.modelled;
