package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Weft's model of {@link CompletableFuture}: the result (a value or a failure) is set once under this
 * future's monitor, and the dependent stages waiting for it are a list that the completing thread runs,
 * as the JDK's do; an async stage is handed to its executor then, the common pool
 * ({@link ModelledForkJoinPool}) when none is given. The program's {@code new CompletableFuture<>()}
 * and the static factories ({@code supplyAsync}, {@code runAsync}, {@code completedFuture},
 * {@code allOf}, {@code anyOf}) make these. Delays ({@code delayedExecutor}) run on one daemon
 * delayer per run, as the JDK's; timeouts ({@code orTimeout}, {@code completeOnTimeout}) on a daemon
 * timer thread each (see {@link #onTimeout}). Failures are kept and reported as the JDK does: a stage
 * that fails, or depends on one that failed, holds a {@link CompletionException}; {@code join}
 * throws that, {@code get} an {@link ExecutionException} with its cause. A method not overridden here
 * stops the run as unsupported.
 */
public class ModelledCompletableFuture<T> extends CompletableFuture<T> {
    private static ScheduledExecutorService delayer;

    private volatile boolean done;
    private Object value;
    private Throwable failure;
    /** Dependents to run once done, last added first. Written under this future's monitor only. */
    private Dependent dependents;

    private static final class Dependent {
        final Runnable action;
        final Dependent next;

        Dependent(Runnable action, Dependent next) {
            this.action = action;
            this.next = next;
        }
    }

    /** A stage's computation from its source's value or failure; it may throw. */
    private interface Step<U> {
        U apply(Object value, Throwable failure) throws Throwable;
    }

    public ModelledCompletableFuture() {
    }

    // ------------------------------------------------------------------ factories

    public static <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier) {
        return supplyAsync(supplier, ModelledForkJoinPool.commonPool());
    }

    public static <U> CompletableFuture<U> supplyAsync(Supplier<U> supplier, Executor executor) {
        ModelledCompletableFuture<U> future = new ModelledCompletableFuture<>();
        executor.execute(() -> future.settleBy(supplier::get));
        return future;
    }

    public static CompletableFuture<Void> runAsync(Runnable task) {
        return runAsync(task, ModelledForkJoinPool.commonPool());
    }

    public static CompletableFuture<Void> runAsync(Runnable task, Executor executor) {
        return supplyAsync(() -> {
            task.run();
            return null;
        }, executor);
    }

    public static <U> CompletableFuture<U> completedFuture(U value) {
        ModelledCompletableFuture<U> future = new ModelledCompletableFuture<>();
        future.settle(value, null);
        return future;
    }

    public static <U> CompletableFuture<U> failedFuture(Throwable failure) {
        ModelledCompletableFuture<U> future = new ModelledCompletableFuture<>();
        future.settle(null, requireNonNull(failure));
        return future;
    }

    /** Done when all are; failed with the first (in argument order) that failed. */
    public static CompletableFuture<Void> allOf(CompletableFuture<?>... futures) {
        ModelledCompletableFuture<Void> all = new ModelledCompletableFuture<>();
        awaitAll(futures, 0, all);
        return all;
    }

    private static void awaitAll(CompletableFuture<?>[] futures, int from, ModelledCompletableFuture<Void> all) {
        if (from == futures.length) {
            Throwable first = null;
            for (int i = futures.length - 1; i >= 0; i--) {
                Throwable failure = modelled(futures[i]).failure;
                first = failure != null ? failure : first;
            }
            all.settle(null, first == null ? null : wrap(first));
            return;
        }
        modelled(futures[from]).whenDone(() -> awaitAll(futures, from + 1, all));
    }

    /** Done as the first of them to be done. */
    public static CompletableFuture<Object> anyOf(CompletableFuture<?>... futures) {
        ModelledCompletableFuture<Object> any = new ModelledCompletableFuture<>();
        for (CompletableFuture<?> future : futures) {
            ModelledCompletableFuture<?> source = modelled(future);
            source.whenDone(() -> any.settle(source.value, source.failure == null ? null : wrap(source.failure)));
        }
        return any;
    }

    /** {@code delayedExecutor}: hands each task to {@code executor} once {@code delay} has passed on the run's clock, as the JDK's. */
    public static Executor delayedExecutor(long delay, TimeUnit unit, Executor executor) {
        requireNonNull(unit);
        requireNonNull(executor);
        return task -> delayer().schedule(() -> executor.execute(requireNonNull(task)), delay, unit);
    }

    public static Executor delayedExecutor(long delay, TimeUnit unit) {
        return delayedExecutor(delay, unit, ModelledForkJoinPool.commonPool());
    }

    /**
     * This run's delayer: as the JDK's, one daemon thread that fires every delay and timeout of
     * CompletableFuture in the order they fall due, here a modelled scheduled pool on the run's clock.
     */
    private static synchronized ScheduledExecutorService delayer() {
        if (delayer == null) {
            delayer = new ModelledScheduledThreadPoolExecutor(1, task -> {
                Thread thread = new Thread(task, "CompletableFutureDelayScheduler");
                thread.setDaemon(true);
                return thread;
            });
        }
        return delayer;
    }

    // ------------------------------------------------------------------ dependent stages

    @Override
    public <U> CompletableFuture<U> thenApply(Function<? super T, ? extends U> fn) {
        return onValue(null, (v, f) -> fn.apply(cast(v)));
    }

    @Override
    public <U> CompletableFuture<U> thenApplyAsync(Function<? super T, ? extends U> fn) {
        return thenApplyAsync(fn, defaultExecutor());
    }

    @Override
    public <U> CompletableFuture<U> thenApplyAsync(Function<? super T, ? extends U> fn, Executor executor) {
        return onValue(requireNonNull(executor), (v, f) -> fn.apply(cast(v)));
    }

    @Override
    public CompletableFuture<Void> thenAccept(Consumer<? super T> action) {
        return thenAcceptAsync(action, null);
    }

    @Override
    public CompletableFuture<Void> thenAcceptAsync(Consumer<? super T> action) {
        return thenAcceptAsync(action, defaultExecutor());
    }

    @Override
    public CompletableFuture<Void> thenAcceptAsync(Consumer<? super T> action, Executor executor) {
        return onValue(executor, (v, f) -> {
            action.accept(cast(v));
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> thenRun(Runnable action) {
        return thenRunAsync(action, null);
    }

    @Override
    public CompletableFuture<Void> thenRunAsync(Runnable action) {
        return thenRunAsync(action, defaultExecutor());
    }

    @Override
    public CompletableFuture<Void> thenRunAsync(Runnable action, Executor executor) {
        return onValue(executor, (v, f) -> {
            action.run();
            return null;
        });
    }

    @Override
    public <U, V> CompletableFuture<V> thenCombine(CompletionStage<? extends U> other, BiFunction<? super T, ? super U, ? extends V> fn) {
        return thenCombineAsync(other, fn, null);
    }

    @Override
    public <U, V> CompletableFuture<V> thenCombineAsync(CompletionStage<? extends U> other,
                                                       BiFunction<? super T, ? super U, ? extends V> fn) {
        return thenCombineAsync(other, fn, defaultExecutor());
    }

    @Override
    public <U, V> CompletableFuture<V> thenCombineAsync(CompletionStage<? extends U> other,
                                                       BiFunction<? super T, ? super U, ? extends V> fn, Executor executor) {
        ModelledCompletableFuture<? extends U> second = modelled(other);
        ModelledCompletableFuture<V> next = new ModelledCompletableFuture<>();
        whenDone(() -> second.whenDone(() -> {
            Throwable failed = failure != null ? failure : second.failure;
            if (failed != null) {
                next.settle(null, wrap(failed));
            } else {
                dispatch(executor, () -> next.settleBy(() -> fn.apply(cast(value), cast(second.value))));
            }
        }));
        return next;
    }

    @Override
    public <U> CompletableFuture<Void> thenAcceptBoth(CompletionStage<? extends U> other, BiConsumer<? super T, ? super U> action) {
        return thenCombine(other, (a, b) -> {
            action.accept(a, b);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> runAfterBoth(CompletionStage<?> other, Runnable action) {
        return thenCombine(other, (a, b) -> {
            action.run();
            return null;
        });
    }

    @Override
    public <U> CompletableFuture<U> thenCompose(Function<? super T, ? extends CompletionStage<U>> fn) {
        return thenComposeAsync(fn, null);
    }

    @Override
    public <U> CompletableFuture<U> thenComposeAsync(Function<? super T, ? extends CompletionStage<U>> fn) {
        return thenComposeAsync(fn, defaultExecutor());
    }

    @Override
    public <U> CompletableFuture<U> thenComposeAsync(Function<? super T, ? extends CompletionStage<U>> fn, Executor executor) {
        ModelledCompletableFuture<U> next = new ModelledCompletableFuture<>();
        CompletableFuture<CompletionStage<U>> inner = onValue(executor, (v, f) -> fn.apply(cast(v)));
        modelled(inner).whenDone(() -> {
            ModelledCompletableFuture<CompletionStage<U>> staged = modelled(inner);
            if (staged.failure != null) {
                next.settle(null, staged.failure);
                return;
            }
            ModelledCompletableFuture<U> result = modelled(staged.value == null ? null : cast(staged.value));
            result.whenDone(() -> next.settle(result.value, result.failure == null ? null : wrap(result.failure)));
        });
        return next;
    }

    @Override
    public <U> CompletableFuture<U> handle(BiFunction<? super T, Throwable, ? extends U> fn) {
        return always(null, (v, f) -> fn.apply(cast(v), f));
    }

    @Override
    public <U> CompletableFuture<U> handleAsync(BiFunction<? super T, Throwable, ? extends U> fn) {
        return always(defaultExecutor(), (v, f) -> fn.apply(cast(v), f));
    }

    @Override
    public CompletableFuture<T> exceptionally(Function<Throwable, ? extends T> fn) {
        return always(null, (v, f) -> f == null ? cast(v) : fn.apply(f));
    }

    /** The same outcome as this stage's after {@code action}; a failure of the action fails the stage only if this one succeeded. */
    @Override
    public CompletableFuture<T> whenComplete(BiConsumer<? super T, ? super Throwable> action) {
        return always(null, (v, f) -> {
            try {
                action.accept(cast(v), f);
            } catch (Throwable thrown) {
                throw f == null ? thrown : f;
            }
            if (f != null) {
                throw f;
            }
            return cast(v);
        });
    }

    @Override
    public CompletableFuture<T> toCompletableFuture() {
        return this;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new ModelledCompletableFuture<>();
    }

    @Override
    public Executor defaultExecutor() {
        return ModelledForkJoinPool.commonPool();
    }

    // ------------------------------------------------------------------ results

    @Override
    public boolean complete(T result) {
        return settle(result, null);
    }

    @Override
    public boolean completeExceptionally(Throwable failed) {
        return settle(null, requireNonNull(failed));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return settle(null, new CancellationException()) || isCancelled();
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public synchronized boolean isCancelled() {
        return failure instanceof CancellationException;
    }

    @Override
    public synchronized boolean isCompletedExceptionally() {
        return failure != null;
    }

    @Override
    public T join() {
        awaitUninterruptibly();
        return reportJoin();
    }

    @Override
    public T getNow(T valueIfAbsent) {
        return done ? reportJoin() : valueIfAbsent;
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        synchronized (this) {
            while (!done) {
                wait();
            }
        }
        return reportGet();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = Deadlines.after(timeout, unit);
        synchronized (this) {
            while (!done) {
                if (!Deadlines.waitUntil(this, deadline)) {
                    throw new TimeoutException();
                }
            }
        }
        return reportGet();
    }

    @Override
    public String toString() {
        String status;
        synchronized (this) {
            status = !done ? "[Incomplete]" : failure == null ? "[Completed normally]" : "[Completed exceptionally: " + failure + "]";
        }
        return CompletableFuture.class.getName() + "@" + Integer.toHexString(hashCode()) + status;
    }

    @Override
    public CompletableFuture<T> orTimeout(long timeout, TimeUnit unit) {
        return onTimeout(timeout, unit, () -> completeExceptionally(new TimeoutException()));
    }

    @Override
    public CompletableFuture<T> completeOnTimeout(T value, long timeout, TimeUnit unit) {
        return onTimeout(timeout, unit, () -> complete(value));
    }

    /**
     * Unless this future is done first, runs {@code expire} once {@code timeout} has passed on the
     * run's clock, on a daemon timer thread of its own that waits for this future with a timed wait:
     * Weft lets that wait end at any moment of the other threads' progress, as on a slow machine.
     * Departure: the JDK fires every timeout on one delayer thread in the order they fall due; here
     * two timeouts of different lengths may fire in either order (the one delayer of the model, the
     * scheduled pool that {@link #delayedExecutor} uses, took some 1,400 {@code dpor} runs for one
     * {@code orTimeout}).
     */
    private CompletableFuture<T> onTimeout(long timeout, TimeUnit unit, Runnable expire) {
        requireNonNull(unit);
        if (!done) {
            long deadline = Deadlines.after(timeout, unit);
            Thread timer = new Thread(() -> {
                if (!awaitDoneUntil(deadline)) {
                    expire.run();
                }
            }, "CompletableFutureDelayScheduler");
            timer.setDaemon(true);
            timer.start();
        }
        return this;
    }

    /** True once done, false when {@code deadline} passes first (a timer thread is never interrupted: an interrupt ends its wait as done). */
    private synchronized boolean awaitDoneUntil(long deadline) {
        try {
            while (!done) {
                if (!Deadlines.waitUntil(this, deadline)) {
                    return false;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }

    // ------------------------------------------------------------------ the model

    /** Sets the outcome if none is set yet, then runs the dependents; true if it set it. */
    private boolean settle(Object result, Throwable failed) {
        Dependent waiting;
        synchronized (this) {
            if (done) {
                return false;
            }
            value = result;
            failure = failed;
            done = true;
            waiting = dependents;
            dependents = null;
            notifyAll();
        }
        for (Dependent d = waiting; d != null; d = d.next) {
            d.action.run();
        }
        return true;
    }

    /** Completes with what {@code step} returns, or fails with what it throws. */
    private void settleBy(Callable0 step) {
        Object result;
        try {
            result = step.call();
        } catch (Throwable thrown) {
            settle(null, wrap(thrown));
            return;
        }
        settle(result, null);
    }

    private interface Callable0 {
        Object call() throws Throwable;
    }

    /** Runs {@code action} once done (now, if done already). */
    private void whenDone(Runnable action) {
        synchronized (this) {
            if (!done) {
                dependents = new Dependent(action, dependents);
                return;
            }
        }
        action.run();
    }

    /** A stage that runs {@code step} on this one's value; a failure passes to it without running the step. */
    private <U> CompletableFuture<U> onValue(Executor executor, Step<? extends U> step) {
        ModelledCompletableFuture<U> next = new ModelledCompletableFuture<>();
        whenDone(() -> {
            if (failure != null) {
                next.settle(null, wrap(failure));
            } else {
                dispatch(executor, () -> next.settleBy(() -> step.apply(value, null)));
            }
        });
        return next;
    }

    /** A stage that runs {@code step} on this one's outcome, value or failure. */
    private <U> CompletableFuture<U> always(Executor executor, Step<? extends U> step) {
        ModelledCompletableFuture<U> next = new ModelledCompletableFuture<>();
        whenDone(() -> dispatch(executor, () -> next.settleBy(() -> step.apply(value, failure))));
        return next;
    }

    /** Runs {@code action} here (no executor: the thread that completed the source), or hands it to {@code executor}. */
    private static void dispatch(Executor executor, Runnable action) {
        if (executor == null) {
            action.run();
        } else {
            executor.execute(action);
        }
    }

    private synchronized void awaitUninterruptibly() {
        boolean interrupted = false;
        while (!done) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized T reportJoin() {
        if (failure == null) {
            return cast(value);
        }
        if (failure instanceof CancellationException cancelled) {
            throw cancelled;
        }
        throw failure instanceof CompletionException completion ? completion : new CompletionException(failure);
    }

    private synchronized T reportGet() throws ExecutionException {
        if (failure == null) {
            return cast(value);
        }
        if (failure instanceof CancellationException cancelled) {
            throw cancelled;
        }
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        throw new ExecutionException(cause);
    }

    private static CompletionException wrap(Throwable failure) {
        return failure instanceof CompletionException completion ? completion : new CompletionException(failure);
    }

    private static <X> X requireNonNull(X argument) {
        if (argument == null) {
            throw new NullPointerException();
        }
        return argument;
    }

    @SuppressWarnings("unchecked")
    private static <X> X cast(Object value) {
        return (X) value;
    }

    /** The model behind a stage the program passes in; any other kind of stage stops the run as unsupported. */
    @SuppressWarnings("unchecked")
    private static <X> ModelledCompletableFuture<X> modelled(CompletionStage<?> stage) {
        if (stage instanceof ModelledCompletableFuture<?> model) {
            return (ModelledCompletableFuture<X>) model;
        }
        Hooks.unsupported("java.util.concurrent.CompletionStage of " + (stage == null ? "null" : stage.getClass().getName()), -1);
        throw new IllegalStateException("unreachable: the run is over");
    }
}
