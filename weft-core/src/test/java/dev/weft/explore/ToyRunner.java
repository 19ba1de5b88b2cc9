package dev.weft.explore;

import dev.weft.runtime.PendingOperation;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.ThreadView;
import dev.weft.trace.Address;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A stand-in for the controlled runtime in strategy tests: threads are fixed lists of writes and
 * reads of named variables (reads store into a per-thread register) and of lock acquires and
 * releases. Under TSO/PSO plain writes go into store buffers (one per thread, or per thread and
 * variable) that flush choices publish; lock operations drain the thread's buffers first, and a
 * thread reads its own latest buffered write. A run is a bug when {@code bad} holds for its final
 * variables and registers, or when live threads remain and none can move (deadlock).
 */
final class ToyRunner implements ProgramRunner {

    /** WRITE: var = value; READ: register[var] = var; LOCK / UNLOCK: acquire / release lock {@code var}. */
    record Op(EventKind kind, String var, long value) {
        static Op write(String var, long value) {
            return new Op(EventKind.WRITE, var, value);
        }

        static Op read(String var) {
            return new Op(EventKind.READ, var, 0);
        }

        static Op lock(String lock) {
            return new Op(EventKind.LOCK, lock, 0);
        }

        static Op unlock(String lock) {
            return new Op(EventKind.UNLOCK, lock, 0);
        }

        boolean write() {
            return kind == EventKind.WRITE;
        }

        Address address() {
            return kind == EventKind.LOCK || kind == EventKind.UNLOCK ? Address.lock(var.hashCode() & 0xffff) : memory(var);
        }
    }

    /** A write waiting in a store buffer; {@code event} is the trace index of its WRITE event. */
    private record Buffered(String var, long value, int event) {
    }

    private static Address memory(String var) {
        return Address.staticField(var.hashCode() & 0xffff);
    }

    private final List<List<Op>> threads;
    private final Predicate<Map<String, Long>> bad;
    private final MemoryModel model;
    private final Symbols symbols = new Symbols();
    int runs;

    ToyRunner(List<List<Op>> threads, Predicate<Map<String, Long>> bad) {
        this(threads, bad, MemoryModel.SC);
    }

    ToyRunner(List<List<Op>> threads, Predicate<Map<String, Long>> bad, MemoryModel model) {
        this.threads = threads;
        this.bad = bad;
        this.model = model;
        for (int t = 0; t < threads.size(); t++) {
            symbols.threads().id("t" + t);
        }
    }

    @Override
    public RunResult run(SchedulePolicy policy) {
        runs++;
        int[] pc = new int[threads.size()];
        int[] seq = new int[threads.size()];
        List<ArrayDeque<Buffered>> buffers = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            buffers.add(new ArrayDeque<>());
        }
        Map<String, Long> state = new HashMap<>();
        Map<String, Integer> holders = new HashMap<>();
        List<Choice> schedule = new ArrayList<>();
        List<Event> events = new ArrayList<>();
        int[] last = {-1};
        while (true) {
            List<Choice> enabled = new ArrayList<>();
            List<ThreadView> views = new ArrayList<>();
            boolean live = false;
            for (int t = 0; t < threads.size(); t++) {
                if (pc[t] < threads.get(t).size()) {
                    live = true;
                    Op op = threads.get(t).get(pc[t]);
                    boolean canMove = op.kind != EventKind.LOCK || !holders.containsKey(op.var);
                    if (canMove) {
                        enabled.add(Choice.step(t));
                    }
                    views.add(new ThreadView(t, canMove, pending(op)));
                }
            }
            for (int t = 0; t < threads.size(); t++) {
                for (String var : flushable(buffers.get(t))) {
                    enabled.add(Choice.flush(t, memory(var)));
                }
            }
            if (enabled.isEmpty()) {
                if (live) {
                    Bug bug = new Bug(BugKind.DEADLOCK, "deadlock, locks held: " + holders, "t0", null, null);
                    return new RunResult(RunResult.Status.BUG, new Trace(symbols, events, Map.of()), schedule, bug, null, Map.of());
                }
                break;
            }
            int steps = schedule.size();
            Choice c = policy.choose(new SchedulingPoint() {
                public List<ThreadView> threads() {
                    return views;
                }

                public List<Choice> enabled() {
                    return enabled;
                }

                public PendingOperation pending(int thread) {
                    return pc[thread] < threads.get(thread).size() ? ToyRunner.pending(threads.get(thread).get(pc[thread])) : null;
                }

                public int steps() {
                    return steps;
                }

                public int lastThread() {
                    return last[0];
                }
            });
            Trace partial = new Trace(symbols, events, Map.of());
            if (!enabled.contains(c)) {
                return new RunResult(RunResult.Status.DIVERGED, partial, schedule, null, "not enabled: " + c, Map.of());
            }
            schedule.add(c);
            int t = c.thread();
            if (c.isFlush()) {
                publish(buffers.get(t), c.flush(), t, state, seq, events);
                continue;
            }
            Op op = threads.get(t).get(pc[t]++);
            long value = op.value;
            int flags = 0;
            switch (op.kind) {
                case READ -> {
                    value = forwarded(buffers.get(t), op.var, state);
                    state.put("r" + t + "." + op.var, value);
                }
                case WRITE -> {
                    if (model == MemoryModel.SC) {
                        state.put(op.var, op.value);
                    } else {
                        buffers.get(t).add(new Buffered(op.var, op.value, events.size()));
                        flags = Event.BUFFERED;
                    }
                }
                case LOCK, UNLOCK -> {
                    while (!buffers.get(t).isEmpty()) {
                        publish(buffers.get(t), memory(buffers.get(t).peek().var), t, state, seq, events);
                    }
                    if (op.kind == EventKind.LOCK) {
                        holders.put(op.var, t);
                    } else {
                        holders.remove(op.var);
                    }
                }
                default -> throw new IllegalStateException("toy op " + op.kind);
            }
            events.add(new Event(events.size(), op.kind, t, seq[t]++, -1, op.address(), value, 0, 'J', flags));
            last[0] = t;
        }
        Trace trace = new Trace(symbols, events, Map.of());
        Map<String, String> finalState = new HashMap<>();
        state.forEach((k, v) -> finalState.put(k, Long.toString(v)));
        if (bad.test(state)) {
            Bug bug = new Bug(BugKind.ASSERTION, "bad final state " + state, "t0", null, null);
            return new RunResult(RunResult.Status.BUG, trace, schedule, bug, null, finalState);
        }
        return new RunResult(RunResult.Status.COMPLETED, trace, schedule, null, null, finalState);
    }

    /** Variables whose oldest buffered write may be published next: the head only under TSO, each variable's oldest under PSO. */
    private Set<String> flushable(ArrayDeque<Buffered> buffer) {
        Set<String> vars = new LinkedHashSet<>();
        for (Buffered b : buffer) {
            vars.add(b.var);
            if (model == MemoryModel.TSO) {
                break;
            }
        }
        return vars;
    }

    /** Makes the oldest buffered write to {@code target} visible. */
    private void publish(ArrayDeque<Buffered> buffer, Address target, int thread, Map<String, Long> state, int[] seq, List<Event> events) {
        for (Iterator<Buffered> it = buffer.iterator(); it.hasNext(); ) {
            Buffered b = it.next();
            if (memory(b.var).equals(target)) {
                it.remove();
                state.put(b.var, b.value);
                events.add(new Event(events.size(), EventKind.FLUSH, thread, seq[thread]++, -1, target, b.value, b.event, 'J', 0));
                return;
            }
        }
        throw new IllegalStateException("nothing buffered for " + target);
    }

    private static long forwarded(ArrayDeque<Buffered> buffer, String var, Map<String, Long> state) {
        Long value = null;
        for (Buffered b : buffer) {
            if (b.var.equals(var)) {
                value = b.value;
            }
        }
        return value != null ? value : state.getOrDefault(var, 0L);
    }

    private static PendingOperation pending(Op op) {
        return new PendingOperation(op.kind, op.address(), -1);
    }
}
