package dev.weft.modelled;

/**
 * A fork/join task of Weft's model: the program's {@code RecursiveTask}, {@code RecursiveAction} and
 * {@code CountedCompleter} subclasses extend the models instead ({@code ModelledRecursiveTask},
 * {@code ModelledRecursiveAction}, {@code ModelledCountedCompleter}),
 * whose state and computation {@link ModelledForkJoinTasks} drives.
 */
interface ModelledForkJoinTask {
    ModelledTaskState taskState();

    /** The task's own computation, on the calling thread; its result (null for an action). */
    Object computeHere();

    /** Runs the task on the calling thread once it has claimed it: done when the computation returns or throws. */
    default void runClaimed() {
        taskState().run(this::computeHere);
    }
}
