package dev.weft.explore;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The shares of one exploration's work ({@link Strategy#split}) waiting for a worker. A worker with
 * no share takes one here; a busy worker hands a share over when another waits and none is queued
 * ({@link #wanted()}), between its runs and on its own thread, so no strategy is ever touched by two
 * threads. The work is done when no share is queued and every worker waits: then no worker can
 * split off more.
 */
final class WorkPool {
    private final int workers;
    private final Deque<Strategy> queued = new ArrayDeque<>();
    /** Every share ever made, the first included: their reasons and solver time make up the exploration's. */
    private final List<Strategy> all = new ArrayList<>();
    private int waiting;
    private volatile boolean wanted;
    private boolean closed;

    WorkPool(Strategy first, int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, got " + workers);
        }
        this.workers = workers;
        queued.add(first);
        all.add(first);
    }

    /** A share for a worker that has none; null when the work is done or the pool was closed. */
    synchronized Strategy take() throws InterruptedException {
        waiting++;
        while (!closed && queued.isEmpty() && waiting < workers) {
            updateWanted();
            wait();
        }
        if (closed || queued.isEmpty()) {
            closed = true;
            notifyAll();
            return null;
        }
        waiting--;
        Strategy share = queued.poll();
        updateWanted();
        return share;
    }

    /** Whether a worker waits for a share and none is queued: read between runs, without locking. */
    boolean wanted() {
        return wanted;
    }

    /** Queues a share split off by a busy worker. */
    synchronized void offer(Strategy share) {
        queued.add(share);
        all.add(share);
        updateWanted();
        notifyAll();
    }

    /** Ends the work early (a bug, a limit, a failure): waiting workers get no share. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    synchronized boolean closed() {
        return closed;
    }

    /** Workers running a share now. */
    synchronized int busy() {
        return workers - waiting;
    }

    /** Runs known to be still to do in the queued shares (-1 if one cannot tell). */
    synchronized long queuedPending() {
        long pending = 0;
        for (Strategy share : queued) {
            long p = share.pending();
            if (p < 0) {
                return -1;
            }
            pending += p;
        }
        return pending;
    }

    /** Every share made so far; for the exploration's result, once the workers are done. */
    synchronized List<Strategy> all() {
        return List.copyOf(all);
    }

    private void updateWanted() {
        wanted = waiting > 0 && queued.isEmpty() && !closed;
    }
}
