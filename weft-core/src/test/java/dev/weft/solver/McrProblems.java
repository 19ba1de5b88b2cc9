package dev.weft.solver;

import static dev.weft.solver.Formula.and;
import static dev.weft.solver.Formula.before;
import static dev.weft.solver.Formula.or;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random MCR-shaped ordering problems: a simulated trace of threads that read and write shared
 * variables inside and outside lock sections, encoded the way MCR encodes it. Base: program order per
 * thread, an initial write before every thread's first event, lock mutual exclusion
 * {@code u1 < l2 ∨ u2 < l1}. Queries: "read r returns value v", i.e. an Or over the writes w of v of
 * {@code w < r ∧ ∧_{w'} (w' < w ∨ r < w')}, plus now and then an order between two random events;
 * some hold, some cannot.
 */
public final class McrProblems {

    /** A generated problem: base constraints, then queries (each a list of assumptions). */
    public record Problem(int events, List<Formula> base, List<List<Formula>> queries) {
    }

    private enum Kind { READ, WRITE, ACQUIRE, RELEASE }

    private record Event(int id, int thread, Kind kind, int target, int value) {
    }

    private McrProblems() {
    }

    /**
     * A trace of about {@code events} events over {@code threads} threads, {@code variables} shared
     * variables and {@code locks} locks, with {@code queries} queries of one to three reads each.
     */
    public static Problem generate(Random random, int events, int threads, int variables, int locks, int queries) {
        List<Event> trace = simulate(random, events, threads, variables, locks);
        List<Formula> base = new ArrayList<>();
        Map<Integer, List<Event>> byThread = new HashMap<>();
        for (Event event : trace) {
            byThread.computeIfAbsent(event.thread, t -> new ArrayList<>()).add(event);
        }
        int initialWrite = trace.size();
        for (List<Event> thread : byThread.values()) {
            base.add(before(initialWrite, thread.get(0).id));
            for (int i = 1; i < thread.size(); i++) {
                base.add(before(thread.get(i - 1).id, thread.get(i).id));
            }
        }
        addLockExclusion(trace, byThread, base);
        return new Problem(trace.size() + 1, base, readQueries(random, trace, initialWrite, queries));
    }

    private static List<Event> simulate(Random random, int events, int threads, int variables, int locks) {
        List<Event> trace = new ArrayList<>();
        int[] holder = new int[locks];
        java.util.Arrays.fill(holder, -1);
        int[] heldLock = new int[threads];
        int[] opsLeftInSection = new int[threads];
        java.util.Arrays.fill(heldLock, -1);
        int[] memory = new int[variables];
        while (trace.size() < events) {
            int thread = random.nextInt(threads);
            if (heldLock[thread] >= 0 && opsLeftInSection[thread] == 0) {
                trace.add(new Event(trace.size(), thread, Kind.RELEASE, heldLock[thread], 0));
                holder[heldLock[thread]] = -1;
                heldLock[thread] = -1;
                continue;
            }
            if (heldLock[thread] < 0 && locks > 0 && random.nextInt(4) == 0) {
                int lock = random.nextInt(locks);
                if (holder[lock] < 0) {
                    holder[lock] = thread;
                    heldLock[thread] = lock;
                    opsLeftInSection[thread] = 1 + random.nextInt(3);
                    trace.add(new Event(trace.size(), thread, Kind.ACQUIRE, lock, 0));
                }
                continue;
            }
            if (heldLock[thread] >= 0) {
                opsLeftInSection[thread]--;
            }
            int variable = random.nextInt(variables);
            if (random.nextBoolean()) {
                int value = random.nextInt(3);
                memory[variable] = value;
                trace.add(new Event(trace.size(), thread, Kind.WRITE, variable, value));
            } else {
                trace.add(new Event(trace.size(), thread, Kind.READ, variable, memory[variable]));
            }
        }
        for (int thread = 0; thread < threads; thread++) {
            if (heldLock[thread] >= 0) {
                trace.add(new Event(trace.size(), thread, Kind.RELEASE, heldLock[thread], 0));
            }
        }
        return trace;
    }

    private static void addLockExclusion(List<Event> trace, Map<Integer, List<Event>> byThread, List<Formula> base) {
        record Section(int thread, int lock, int acquire, int release) {
        }
        List<Section> sections = new ArrayList<>();
        for (List<Event> thread : byThread.values()) {
            Event open = null;
            for (Event event : thread) {
                if (event.kind == Kind.ACQUIRE) {
                    open = event;
                } else if (event.kind == Kind.RELEASE) {
                    sections.add(new Section(event.thread, event.target, open.id, event.id));
                }
            }
        }
        for (int i = 0; i < sections.size(); i++) {
            for (int j = i + 1; j < sections.size(); j++) {
                Section a = sections.get(i);
                Section b = sections.get(j);
                if (a.lock == b.lock && a.thread != b.thread) {
                    base.add(or(before(a.release, b.acquire), before(b.release, a.acquire)));
                }
            }
        }
    }

    private static List<List<Formula>> readQueries(Random random, List<Event> trace, int initialWrite, int queries) {
        List<Event> reads = trace.stream().filter(e -> e.kind == Kind.READ).toList();
        Map<Integer, List<Event>> writesOf = new HashMap<>();
        for (Event event : trace) {
            if (event.kind == Kind.WRITE) {
                writesOf.computeIfAbsent(event.target, v -> new ArrayList<>()).add(event);
            }
        }
        Map<Long, Formula> readsFrom = new HashMap<>();
        List<List<Formula>> result = new ArrayList<>();
        for (int q = 0; q < queries && !reads.isEmpty(); q++) {
            List<Formula> assumptions = new ArrayList<>();
            int count = 1 + random.nextInt(3);
            for (int i = 0; i < count; i++) {
                Event read = reads.get(random.nextInt(reads.size()));
                List<Event> writes = writesOf.getOrDefault(read.target, List.of());
                int value = random.nextInt(3);
                List<Formula> choices = new ArrayList<>();
                if (value == 0) {
                    choices.add(readsFrom.computeIfAbsent(key(read.id, initialWrite), k -> readsFrom(read, initialWrite, writes)));
                }
                for (Event write : writes) {
                    if (write.value == value) {
                        choices.add(readsFrom.computeIfAbsent(key(read.id, write.id), k -> readsFrom(read, write.id, writes)));
                    }
                }
                assumptions.add(or(choices));
            }
            for (int extra = random.nextInt(3); extra > 0; extra--) {
                Event a = trace.get(random.nextInt(trace.size()));
                Event b = trace.get(random.nextInt(trace.size()));
                assumptions.add(before(a.id, b.id));
            }
            result.add(assumptions);
        }
        return result;
    }

    /** {@code write < read}, and every other write of the variable is before {@code write} or after {@code read}. */
    private static Formula readsFrom(Event read, int write, List<Event> writes) {
        List<Formula> parts = new ArrayList<>();
        parts.add(before(write, read.id));
        for (Event other : writes) {
            if (other.id != write) {
                parts.add(or(before(other.id, write), before(read.id, other.id)));
            }
        }
        return and(parts);
    }

    private static long key(int read, int write) {
        return ((long) read << 32) | write;
    }
}
