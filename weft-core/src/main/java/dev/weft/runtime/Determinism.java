package dev.weft.runtime;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What would differ between two runs of one schedule unless Weft fixes it: identity hash codes
 * (derived from an object's stable id), clocks (each thread's logical clock, which only the
 * thread's own actions advance), and random numbers (seeded per thread).
 */
final class Determinism {
    private static final long BASE_MILLIS = 1_700_000_000_000L;
    /** Every clock read advances the reading thread's logical clock by this much, so timing loops end. */
    private static final long CLOCK_TICK_NANOS = 1_000_000;

    private final Scheduler core;

    Determinism(Scheduler core) {
        this.core = core;
    }

    void allocated(Object object, int loc) {
        RunThread me = core.enter();
        try {
            if (!core.isOutside(me)) {
                core.objects().allocated(object, me, loc);
            }
        } finally {
            core.unlock();
        }
    }

    int identityHashCode(Object object) {
        RunThread me = core.enter();
        try {
            return core.isOutside(me) ? System.identityHashCode(object) : core.objects().identityHash(object, me);
        } finally {
            core.unlock();
        }
    }

    int objectHashCode(Object object) {
        return identityHashCode(Objects.requireNonNull(object));
    }

    long currentTimeMillis() {
        return BASE_MILLIS + TimeUnit.NANOSECONDS.toMillis(tick());
    }

    long nanoTime() {
        return tick();
    }

    /** The calling thread's logical clock after one tick: time advances only with the thread's own actions. */
    private long tick() {
        RunThread me = core.enter();
        try {
            me.clockNanos += CLOCK_TICK_NANOS;
            return me.clockNanos;
        } finally {
            core.unlock();
        }
    }

    double mathRandom() {
        RunThread me = core.enter();
        try {
            return me.random().nextDouble();
        } finally {
            core.unlock();
        }
    }

    long randomSeed() {
        RunThread me = core.enter();
        try {
            long z = (me.name.hashCode() * 0x9E3779B97F4A7C15L) ^ (++me.randomSeeds * 0xBF58476D1CE4E5B9L);
            return z ^ (z >>> 31);
        } finally {
            core.unlock();
        }
    }
}
