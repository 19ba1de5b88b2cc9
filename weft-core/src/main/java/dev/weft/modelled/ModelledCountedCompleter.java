package dev.weft.modelled;

import java.util.concurrent.CountedCompleter;

/**
 * What a program's {@link CountedCompleter} subclass extends under Weft: the completer and the pending
 * count are this model's (the JDK superclass's are never read), and the task is done when a completion
 * reaches it, not when {@code compute} returns ({@link ModelledCountedCompleters}, where the program's
 * calls of {@code CountedCompleter}'s final methods go). A {@code compute} that throws fails the task
 * and, while {@code onExceptionalCompletion} says so, its completers, as the JDK's does.
 */
public abstract class ModelledCountedCompleter<T> extends CountedCompleter<T> implements ModelledForkJoinTask {
    private final ModelledTaskState taskState = new ModelledTaskState();
    final ModelledCountedCompleter<?> completer;
    /** Read and written through {@link ModelledCountedCompleters}, compare-and-set under this task's monitor. */
    volatile int pending;

    protected ModelledCountedCompleter(CountedCompleter<?> completer, int initialPendingCount) {
        super(completer, initialPendingCount);
        this.completer = (ModelledCountedCompleter<?>) completer; // every program subclass extends this model
        this.pending = initialPendingCount;
    }

    protected ModelledCountedCompleter(CountedCompleter<?> completer) {
        this(completer, 0);
    }

    protected ModelledCountedCompleter() {
        this(null, 0);
    }

    @Override
    public ModelledTaskState taskState() {
        return taskState;
    }

    /** A completer is not done when {@code compute} returns: {@code tryComplete} or {@code complete} finish it. */
    @Override
    public void runClaimed() {
        try {
            compute();
        } catch (Throwable failure) {
            ModelledCountedCompleters.fail(this, failure);
        }
    }

    /** Never called ({@link #runClaimed} runs the task): a completer's result is not {@code compute}'s. */
    @Override
    public Object computeHere() {
        compute();
        return getRawResult();
    }

    @Override
    public void complete(T rawResult) {
        setRawResult(rawResult);
        onCompletion(this);
        ModelledCountedCompleters.quietlyComplete(this);
        if (completer != null) {
            ModelledCountedCompleters.tryComplete(completer);
        }
    }

    /** As the JDK's: a checked exception is wrapped in a RuntimeException. */
    @Override
    public void completeExceptionally(Throwable failure) {
        ModelledCountedCompleters.fail(this, failure instanceof RuntimeException || failure instanceof Error ? failure
                : new RuntimeException(failure));
    }

    /** The JDK's default: no result; a program subclass with one overrides it. */
    @Override
    public T getRawResult() {
        return null;
    }

    @Override
    protected void setRawResult(T result) {
    }
}
