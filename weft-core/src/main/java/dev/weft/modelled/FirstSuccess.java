package dev.weft.modelled;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/** {@link ModelledThreadPoolExecutor#invokeAny}'s tasks report here as they finish; the first that returns a result wins. */
final class FirstSuccess<T> {
    private int unfinished;
    private ModelledFutureTask<T> winner;
    private Throwable lastFailure;

    FirstSuccess(int tasks) {
        unfinished = tasks;
    }

    ModelledFutureTask<T> contender(Callable<T> task) {
        return new ModelledFutureTask<>(task) {
            @Override
            protected void done() {
                finished(this);
            }
        };
    }

    private synchronized void finished(ModelledFutureTask<T> task) {
        unfinished--;
        if (winner == null) {
            if (task.succeeded()) {
                winner = task;
            } else if (!task.isCancelled()) {
                lastFailure = task.failure();
            }
        }
        notifyAll();
    }

    synchronized T await(boolean timed, long deadline) throws InterruptedException, ExecutionException, TimeoutException {
        while (winner == null && unfinished > 0) {
            if (!timed) {
                wait();
            } else if (!Deadlines.waitUntil(this, deadline)) {
                throw new TimeoutException();
            }
        }
        if (winner == null) {
            throw new ExecutionException(lastFailure);
        }
        return winner.get();
    }
}
