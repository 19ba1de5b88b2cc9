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
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A stand-in for the controlled runtime in strategy tests: threads are fixed lists of writes and
 * reads of named variables (reads store into a per-thread register), run under SC. A run is a bug
 * when {@code bad} holds for its final variables and registers.
 */
final class ToyRunner implements ProgramRunner {

    /** {@code write} true: var = value; false: register[var] = var. */
    record Op(boolean write, String var, long value) {
        static Op write(String var, long value) {
            return new Op(true, var, value);
        }

        static Op read(String var) {
            return new Op(false, var, 0);
        }
    }

    private final List<List<Op>> threads;
    private final Predicate<Map<String, Long>> bad;
    private final Symbols symbols = new Symbols();
    int runs;

    ToyRunner(List<List<Op>> threads, Predicate<Map<String, Long>> bad) {
        this.threads = threads;
        this.bad = bad;
        for (int t = 0; t < threads.size(); t++) {
            symbols.threads().id("t" + t);
        }
    }

    @Override
    public RunResult run(SchedulePolicy policy) {
        runs++;
        int[] pc = new int[threads.size()];
        Map<String, Long> state = new HashMap<>();
        List<Choice> schedule = new ArrayList<>();
        List<Event> events = new ArrayList<>();
        int[] last = {-1};
        while (true) {
            List<Choice> enabled = new ArrayList<>();
            List<ThreadView> views = new ArrayList<>();
            for (int t = 0; t < threads.size(); t++) {
                if (pc[t] < threads.get(t).size()) {
                    enabled.add(Choice.step(t));
                    views.add(new ThreadView(t, true, pending(threads.get(t).get(pc[t]))));
                }
            }
            if (enabled.isEmpty()) {
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
            Op op = threads.get(t).get(pc[t]++);
            long value = op.write ? op.value : state.getOrDefault(op.var, 0L);
            if (op.write) {
                state.put(op.var, op.value);
            } else {
                state.put("r" + t + "." + op.var, value);
            }
            events.add(new Event(events.size(), op.write ? EventKind.WRITE : EventKind.READ, t, pc[t] - 1, -1,
                    address(op.var), value, 0, 'J', 0));
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

    private static PendingOperation pending(Op op) {
        return new PendingOperation(op.write ? EventKind.WRITE : EventKind.READ, address(op.var), -1);
    }

    private static Address address(String var) {
        return Address.staticField(var.hashCode() & 0xffff);
    }
}
