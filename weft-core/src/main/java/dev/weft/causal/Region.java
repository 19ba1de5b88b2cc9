package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a seed forces, without the order: each thread's forced operations (a prefix of its
 * operations), the value every forced read returns, the way every forced blocking call returns
 * and the notify every forced wake-up took,
 * which forced writes are flushed, and the final values the seed fixes. By local determinism every
 * run that follows the seed performs exactly these operations with these values; a run that
 * already did ({@link RegionIndex}) has the causal model the seed's run would start from, up to the
 * order of events.
 *
 * <p>The reads are kept as two 64-bit sums of a hash of each (thread, position, value), so a
 * region costs the same whatever its size and a run's prefixes can be compared with it in one
 * addition per thread; two different regions agree on both sums with probability about 2^-128.
 * The wakes are summed apart: which notify woke a wait is part of the causal model but not of the
 * state a seed asks for ({@link RegionIndex#lies}); how it returned is, with the reads.
 *
 * @param lengths        thread to the length of its forced prefix of operations (flushes not counted)
 * @param flushes        the forced flushes, each named by its write ({@link #name})
 * @param finalAddresses the addresses of the final values the seed fixes, in the causal model's order
 * @param finalValues    their values
 * @param parks          true when a forced operation parks: which unpark gave its permit is not
 *                       recorded here, so no other run stands for this seed
 * @param oneMore        threads that perform one more operation after their forced prefix, whatever
 *                       it reads: the step a run's end cut off, which no trace holds yet
 *                       ({@link SeedQuery.StepBeforeEnd})
 * @param unflushed      forced writes (named as flushes are) that are never flushed: what the
 *                       run's end cuts off ({@link SeedQuery.EndBefore})
 * @param endProgress    the progress at the run's end the seed fixes: its stopped threads perform
 *                       nothing after their forced prefix (and the one of {@code oneMore})
 */
public record Region(Map<Integer, Integer> lengths, long readsA, long readsB, long wakesA, long wakesB, Set<Long> flushes,
                     List<Address> finalAddresses, List<Long> finalValues, boolean parks, Set<Integer> oneMore,
                     Set<Long> unflushed, EndProgress endProgress) implements Serializable {

    /** A thread's operation named by its thread and its position among the thread's operations. */
    static long name(int thread, int position) {
        return ((long) thread << 32) | (position & 0xffffffffL);
    }

    /**
     * What an event's thread observed: a read the value it returned, a blocking call's step the way
     * its thread saw it return ({@link BlockingSteps#seen}, by ordinal); other events nothing (null).
     */
    static Long observed(Event e) {
        if (BlockingSteps.isStep(e)) {
            return (long) BlockingSteps.seen(e).ordinal();
        }
        return e.readsLocation() ? e.value() : null;
    }

    /**
     * What a trace event adds to a region's sums, by {@code ordinals} ({@link CausalModel#ordinals}):
     * what its thread observed ({@code observed} overrides the trace's; {@link #observed}) to the read
     * sums, and a wake the notify it took to the wake sums. Four sums: reads A and B, wakes A and B.
     */
    static long[] contribution(Trace trace, int index, int[] ordinals, Long observed) {
        Event e = trace.get(index);
        long key = name(e.thread(), ordinals[index]);
        long[] sums = new long[4];
        if (observed != null) {
            long value = observed;
            sums[0] = mix(key * 0x9E3779B97F4A7C15L ^ mix(value));
            sums[1] = mix(key + 0x632BE59BD9B4E019L * mix(value ^ 0x5DEECE66DL));
        }
        if (e.kind() == EventKind.WAKE) {
            int notify = e.takenNotify();
            long notifier = notify < 0 ? -1 : name(trace.get(notify).thread(), ordinals[notify]);
            sums[2] = mix(key * 0x9E3779B97F4A7C15L ^ mix(notifier));
            sums[3] = mix(key + 0x632BE59BD9B4E019L * mix(notifier ^ 0x5DEECE66DL));
        }
        return sums;
    }

    /** SplitMix64's finaliser: a bijection that spreads every input bit over the output. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Collects a region from the trace events a seed forces. */
    static final class Builder {
        private final Trace trace;
        private final int[] ordinals;
        private final Map<Integer, Integer> lengths = new HashMap<>();
        private final Set<Long> flushes = new HashSet<>();
        private final Set<Integer> oneMore = new HashSet<>();
        private final Set<Integer> stopped = new HashSet<>();
        private final Set<Integer> growing = new HashSet<>();
        private final Set<Long> unflushed = new HashSet<>();
        private final long[] sums = new long[4];
        private boolean parks;
        private List<Address> finalAddresses = List.of();
        private List<Long> finalValues = List.of();

        Builder(Trace trace, int[] ordinals) {
            this.trace = trace;
            this.ordinals = ordinals;
        }

        /** Adds a forced event, whose thread observed {@code observed} ({@link Region#observed}, or what a seed asks instead). */
        void add(int index, Long observed) {
            Event e = trace.get(index);
            if (e.kind() == EventKind.FLUSH) {
                flushes.add(name(e.thread(), ordinals[index]));
                return;
            }
            lengths.merge(e.thread(), ordinals[index] + 1, Math::max);
            parks |= e.kind() == EventKind.PARK;
            long[] added = contribution(trace, index, ordinals, observed);
            for (int i = 0; i < sums.length; i++) {
                sums[i] += added[i];
            }
        }

        /** Adds the flush of the buffered write at trace index {@code write}, which the trace does not hold. */
        void addFlushOf(int write) {
            flushes.add(name(trace.get(write).thread(), ordinals[write]));
        }

        /** {@code thread} performs one more operation after its forced ones, which the trace does not hold. */
        void addOneMore(int thread) {
            oneMore.add(thread);
        }

        /** The run ends before the trace event {@code event}, which never happens: its thread stops, or its write stays buffered. */
        void cutBefore(int event) {
            Event e = trace.get(event);
            if (e.kind() == EventKind.FLUSH) {
                unflushed.add(name(e.thread(), ordinals[event]));
            } else {
                stopped.add(e.thread());
            }
        }

        /** The run ends right after the forced operations of {@code threads}. */
        void stop(Set<Integer> threads) {
            stopped.addAll(threads);
        }

        /** Of the stopped threads, {@code threads} may still go further in the seed's descendants. */
        void grow(Set<Integer> threads) {
            growing.addAll(threads);
        }

        void fixFinalValues(List<Address> addresses, List<Long> values) {
            finalAddresses = List.copyOf(addresses);
            finalValues = List.copyOf(values);
        }

        Region build() {
            return new Region(Map.copyOf(lengths), sums[0], sums[1], sums[2], sums[3], Set.copyOf(flushes), finalAddresses, finalValues, parks,
                    Set.copyOf(oneMore), Set.copyOf(unflushed), new EndProgress(stopped, growing));
        }
    }
}
