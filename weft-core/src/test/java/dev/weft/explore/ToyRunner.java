package dev.weft.explore;

import dev.weft.runtime.PendingOperation;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.ThreadView;
import dev.weft.trace.Address;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * A stand-in for the controlled runtime in strategy tests: a tiny interpreter of hand-written
 * threads (shared reads and writes into per-thread registers, volatile accesses, locks,
 * wait/notify, fork/join, fences, local assignments, jumps and checks) under SC, TSO or PSO. As the
 * runtime does without spurious wake-ups, a notify wakes whichever waiter present at it re-takes
 * the lock first (the oldest notification a waiter may take), a notifyAll every waiter present.
 *
 * <p>Like the real runtime: each shared operation is one scheduling point and one event; under
 * TSO/PSO a write enters the thread's buffer (one FIFO per thread, or per thread and variable) and
 * each pending flush is a choice of its own; reads forward from the own buffer; synchronization
 * operations and full fences wait until the buffer is empty; a release or store-store fence keeps
 * PSO flushes of earlier writes before later ones. A busy-wait loop's back edge ({@link Op#spinBack})
 * follows the busy-wait rule ({@code dev.weft.trace.BusyWait}) for a loop that keeps no register
 * from one iteration to the next (each iteration reads its registers afresh, as instrumentation sees
 * a local assigned before its use in the body: not live at the header): when the thread only read
 * since its last arrival at the loop's header, the back edge is a LOOP step, held until another
 * thread changes a variable the iteration read after its first read of it.
 * A run is a bug when a check fails, when threads are left blocked (deadlock, or livelock when a
 * held spinner is among them), when it exceeds the step bound (livelock), or when {@code bad}
 * holds for the final variables and registers ("r&lt;thread&gt;.&lt;register&gt;"). Threads that some
 * thread forks start unstarted; all others start at once.
 */
final class ToyRunner implements ProgramRunner {

    enum Kind { READ, WRITE, VOLATILE_READ, VOLATILE_WRITE, LOCK, UNLOCK, WAIT, NOTIFY, NOTIFY_ALL, FORK, JOIN, FENCE, SET, JUMP_IF,
        SPIN_BACK, CHECK }

    /** One instruction; {@code name} is the variable, lock or register, {@code target} the jump target or thread. */
    record Op(Kind kind, String name, String register, ToLongFunction<Map<String, Long>> value,
              Predicate<Map<String, Long>> condition, int target) {

        static Op write(String var, long value) {
            return write(var, registers -> value);
        }

        /** var = f(registers) */
        static Op write(String var, ToLongFunction<Map<String, Long>> value) {
            return new Op(Kind.WRITE, var, null, value, null, -1);
        }

        /** register[var] = var */
        static Op read(String var) {
            return read(var, var);
        }

        static Op read(String var, String register) {
            return new Op(Kind.READ, var, register, null, null, -1);
        }

        /**
         * The back edge of a busy-wait loop whose header is {@code target}: continue there when
         * {@code condition} holds for the registers, held back while the busy-wait rule says so.
         */
        static Op spinBack(Predicate<Map<String, Long>> condition, int target) {
            return new Op(Kind.SPIN_BACK, null, null, null, condition, target);
        }

        static Op volatileRead(String var, String register) {
            return new Op(Kind.VOLATILE_READ, var, register, null, null, -1);
        }

        static Op volatileWrite(String var, long value) {
            return new Op(Kind.VOLATILE_WRITE, var, null, registers -> value, null, -1);
        }

        static Op lock(String lock) {
            return new Op(Kind.LOCK, lock, null, null, null, -1);
        }

        static Op unlock(String lock) {
            return new Op(Kind.UNLOCK, lock, null, null, null, -1);
        }

        /** Object.wait on a held lock: releases it, blocks until notified, re-acquires it. */
        static Op await(String lock) {
            return new Op(Kind.WAIT, lock, null, null, null, -1);
        }

        static Op notifyOne(String lock) {
            return new Op(Kind.NOTIFY, lock, null, null, null, -1);
        }

        static Op notifyAll(String lock) {
            return new Op(Kind.NOTIFY_ALL, lock, null, null, null, -1);
        }

        static Op fork(int thread) {
            return new Op(Kind.FORK, null, null, null, null, thread);
        }

        static Op join(int thread) {
            return new Op(Kind.JOIN, null, null, null, null, thread);
        }

        static Op fence(FenceKind kind) {
            return new Op(Kind.FENCE, kind.name(), null, null, null, -1);
        }

        /** Local: register = f(registers). */
        static Op set(String register, ToLongFunction<Map<String, Long>> value) {
            return new Op(Kind.SET, null, register, value, null, -1);
        }

        /** Local: continue at {@code target} when {@code condition} holds for the registers. */
        static Op jumpIf(Predicate<Map<String, Long>> condition, int target) {
            return new Op(Kind.JUMP_IF, null, null, null, condition, target);
        }

        static Op jump(int target) {
            return jumpIf(registers -> true, target);
        }

        /** Local: the run fails with an assertion when {@code condition} does not hold. */
        static Op check(Predicate<Map<String, Long>> condition) {
            return new Op(Kind.CHECK, null, null, null, condition, -1);
        }

        boolean local() {
            return kind == Kind.SET || kind == Kind.JUMP_IF || kind == Kind.SPIN_BACK || kind == Kind.CHECK;
        }

        /** As {@link EventKind#drainsBuffers}: a volatile read does not wait for the thread's buffer. */
        boolean drainsBuffers() {
            return switch (kind) {
                case READ, WRITE, VOLATILE_READ -> false;
                case FENCE -> FenceKind.valueOf(name) == FenceKind.FULL;
                default -> true;
            };
        }
    }

    private record Buffered(String var, long value, int write, int epoch) {
    }

    /** A thread's last arrival at a busy-wait loop's header: its sequence number then, and since then whether it only read and, per variable, the other threads' writes before its first read of it. */
    private static final class Arrival {
        final int seq;
        final Map<String, Integer> foreignBeforeFirstRead = new LinkedHashMap<>();
        boolean clean = true;

        Arrival(int seq) {
            this.seq = seq;
        }
    }

    /** One thread's interpreter state within a run. */
    private static final class ThreadState {
        final Map<String, Long> registers = new HashMap<>();
        final List<Buffered> buffer = new ArrayList<>();
        final Map<Integer, Arrival> arrivals = new HashMap<>();
        /** Per variable, the writes this thread made visible. */
        final Map<String, Integer> ownWrites = new HashMap<>();
        boolean started;
        /** Stopped at a back edge the busy-wait rule makes a LOOP step. */
        boolean heldAtBackEdge;
        boolean waiting;
        int wakingNotify = -1;
        int pc;
        int seq;
        int epoch;
    }

    private static final int MAX_STEPS = 10_000;
    private static final int MAX_LOCAL_STEPS = 10_000;

    private final List<List<Op>> threads;
    private final Predicate<Map<String, Long>> bad;
    private final MemoryModel memoryModel;
    private final Symbols symbols = new Symbols();
    private final Map<String, Address> addresses = new HashMap<>();
    private final Map<String, Address> locks = new HashMap<>();
    private final Set<Integer> forked = new HashSet<>();
    int runs;

    ToyRunner(List<List<Op>> threads, Predicate<Map<String, Long>> bad) {
        this(threads, bad, MemoryModel.SC);
    }

    ToyRunner(List<List<Op>> threads, Predicate<Map<String, Long>> bad, MemoryModel memoryModel) {
        this.threads = threads;
        this.bad = bad;
        this.memoryModel = memoryModel;
        for (int t = 0; t < threads.size(); t++) {
            symbols.threads().id("t" + t);
            for (Op op : threads.get(t)) {
                if (op.kind() == Kind.FORK) {
                    forked.add(op.target());
                }
            }
        }
    }

    /** The state of one run. */
    private final class Run {
        final List<ThreadState> states = new ArrayList<>();
        final Map<String, Long> memory = new HashMap<>();
        final Map<String, Integer> versions = new HashMap<>();
        final Map<String, Integer> owners = new HashMap<>();
        final Map<String, ArrayDeque<Integer>> waitSets = new HashMap<>();
        /** Per lock, the notifies no waiter has taken yet, oldest first: the NOTIFY's index and the waiters present at it. */
        final Map<String, List<List<Integer>>> notifications = new HashMap<>();
        final List<Event> events = new ArrayList<>();
        final Map<Address, Long> initialValues = new LinkedHashMap<>();
        Bug bug;

        Run() {
            for (int t = 0; t < threads.size(); t++) {
                ThreadState state = new ThreadState();
                state.started = !forked.contains(t);
                states.add(state);
            }
        }

        Op next(int t) {
            ThreadState s = states.get(t);
            return s.pc < threads.get(t).size() ? threads.get(t).get(s.pc) : null;
        }

        boolean finished(int t) {
            ThreadState s = states.get(t);
            return s.started && next(t) == null && s.buffer.isEmpty();
        }

        /** The thread's header arrival for the loop whose back edge is its next operation. */
        Arrival arrival(int t) {
            return states.get(t).arrivals.get(next(t).target());
        }

        /** Whether another thread wrote a variable the iteration read after its first read of it. */
        boolean released(int t) {
            return arrival(t).foreignBeforeFirstRead.entrySet().stream().anyMatch(e -> foreignWrites(e.getKey(), t) > e.getValue());
        }

        int foreignWrites(String var, int t) {
            return version(var) - states.get(t).ownWrites.getOrDefault(var, 0);
        }

        /** A back edge after an iteration that only read: a LOOP step (the loop keeps no register, so nothing else can differ). */
        boolean repeats(int t) {
            Arrival a = arrival(t);
            return a != null && a.clean;
        }

        boolean stepEnabled(int t) {
            ThreadState s = states.get(t);
            Op op = next(t);
            if (!s.started || op == null || (op.drainsBuffers() && !s.buffer.isEmpty())) {
                return false;
            }
            return switch (op.kind()) {
                case SPIN_BACK -> released(t);
                case LOCK -> !owners.containsKey(op.name());
                case WAIT -> s.waiting ? !owners.containsKey(op.name()) && takeable(t, op.name()) != null
                        : s.wakingNotify < 0 || !owners.containsKey(op.name());
                case JOIN -> finished(op.target());
                default -> true;
            };
        }

        List<Choice> enabled() {
            List<Choice> enabled = new ArrayList<>();
            for (int t = 0; t < threads.size(); t++) {
                if (stepEnabled(t)) {
                    enabled.add(Choice.step(t));
                }
            }
            for (int t = 0; t < threads.size(); t++) {
                Set<String> seen = new HashSet<>();
                int oldestEpoch = states.get(t).buffer.stream().mapToInt(Buffered::epoch).min().orElse(0);
                for (Buffered b : states.get(t).buffer) {
                    if (seen.add(b.var()) && b.epoch() == oldestEpoch) {
                        enabled.add(Choice.flush(t, address(b.var())));
                    }
                    if (memoryModel == MemoryModel.TSO) {
                        break;
                    }
                }
            }
            return enabled;
        }

        long load(String var) {
            initialValues.putIfAbsent(address(var), 0L);
            return memory.getOrDefault(var, 0L);
        }

        void store(String var, long value, int writer) {
            load(var);
            memory.put(var, value);
            versions.merge(var, 1, Integer::sum);
            states.get(writer).ownWrites.merge(var, 1, Integer::sum);
        }

        int version(String var) {
            return versions.getOrDefault(var, 0);
        }

        int record(EventKind kind, int t, Address address, long value, long value2, int flags) {
            ThreadState s = states.get(t);
            int seq = kind == EventKind.FLUSH ? -1 : s.seq++;
            int location = kind == EventKind.LOOP ? t * 1000 + next(t).target() : -1;
            events.add(new Event(events.size(), kind, t, seq, location, address, value, value2, 'J', flags | Event.CHOSEN));
            if (kind != EventKind.FLUSH && kind != EventKind.LOOP && !kind.reads()) {
                s.arrivals.values().forEach(a -> a.clean = false);
            }
            return events.size() - 1;
        }

        /** The oldest notification of {@code lock} that waiting thread {@code t} was present at ([notify index, present threads...]), or null. */
        List<Integer> takeable(int t, String lock) {
            for (List<Integer> n : notifications.getOrDefault(lock, List.of())) {
                if (n.subList(1, n.size()).contains(t)) {
                    return n;
                }
            }
            return null;
        }

        void leaveWaitSet(int t, String lock) {
            states.get(t).waiting = false;
            waitSets.get(lock).remove(Integer.valueOf(t));
            for (List<Integer> n : notifications.getOrDefault(lock, List.of())) {
                n.subList(1, n.size()).remove(Integer.valueOf(t));
            }
            notifications.getOrDefault(lock, new ArrayList<>()).removeIf(n -> n.size() == 1);
        }

        void step(int t) {
            ThreadState s = states.get(t);
            Op op = next(t);
            switch (op.kind()) {
                case SPIN_BACK -> {
                    record(EventKind.LOOP, t, null, arrival(t).seq, 0, 0);
                    s.heldAtBackEdge = false;
                    s.pc = op.target();
                    arrive(t);
                    return;
                }
                case READ, VOLATILE_READ -> {
                    long value = load(op.name());
                    for (Buffered b : s.buffer) {
                        if (b.var().equals(op.name())) {
                            value = b.value();
                        }
                    }
                    s.registers.put(op.register(), value);
                    for (Arrival a : s.arrivals.values()) {
                        a.foreignBeforeFirstRead.putIfAbsent(op.name(), foreignWrites(op.name(), t));
                    }
                    record(op.kind() == Kind.READ ? EventKind.READ : EventKind.VOLATILE_READ, t, address(op.name()), value, 0, 0);
                }
                case WRITE -> {
                    long value = op.value().applyAsLong(s.registers);
                    if (memoryModel == MemoryModel.SC) {
                        store(op.name(), value, t);
                        record(EventKind.WRITE, t, address(op.name()), value, 0, 0);
                    } else {
                        load(op.name());
                        int write = record(EventKind.WRITE, t, address(op.name()), value, 0, Event.BUFFERED);
                        s.buffer.add(new Buffered(op.name(), value, write, s.epoch));
                    }
                }
                case VOLATILE_WRITE -> {
                    long value = op.value().applyAsLong(s.registers);
                    store(op.name(), value, t);
                    record(EventKind.VOLATILE_WRITE, t, address(op.name()), value, 0, 0);
                }
                case LOCK -> {
                    owners.put(op.name(), t);
                    record(EventKind.LOCK, t, lockAddress(op.name()), 0, 0, 0);
                }
                case UNLOCK -> {
                    owners.remove(op.name());
                    record(EventKind.UNLOCK, t, lockAddress(op.name()), 0, 0, 0);
                }
                case WAIT -> {
                    if (s.waiting) {
                        List<Integer> taken = takeable(t, op.name());
                        notifications.get(op.name()).remove(taken);
                        leaveWaitSet(t, op.name());
                        s.wakingNotify = taken.get(0);
                    }
                    if (s.wakingNotify >= 0) {
                        owners.put(op.name(), t);
                        record(EventKind.WAKE, t, lockAddress(op.name()), 0, s.wakingNotify, 0);
                        s.wakingNotify = -1;
                        s.pc++;
                    } else {
                        owners.remove(op.name());
                        s.waiting = true;
                        waitSets.computeIfAbsent(op.name(), l -> new ArrayDeque<>()).add(t);
                        record(EventKind.WAIT, t, lockAddress(op.name()), 0, 0, 0);
                    }
                    return;
                }
                case NOTIFY -> {
                    List<Integer> present = new ArrayList<>(List.of(events.size()));
                    present.addAll(waitSets.getOrDefault(op.name(), new ArrayDeque<>()));
                    record(EventKind.NOTIFY, t, lockAddress(op.name()), 0, -1, 0);
                    if (present.size() > 1) {
                        notifications.computeIfAbsent(op.name(), l -> new ArrayList<>()).add(present);
                    }
                }
                case NOTIFY_ALL -> {
                    int notify = record(EventKind.NOTIFY, t, lockAddress(op.name()), 0, -1, Event.BROADCAST);
                    for (int w : new ArrayList<>(waitSets.getOrDefault(op.name(), new ArrayDeque<>()))) {
                        leaveWaitSet(w, op.name());
                        states.get(w).wakingNotify = notify;
                    }
                }
                case FORK -> {
                    states.get(op.target()).started = true;
                    record(EventKind.FORK, t, null, 0, op.target(), 0);
                    advance(op.target());
                }
                case JOIN -> record(EventKind.JOIN, t, null, 0, op.target(), 0);
                case FENCE -> {
                    FenceKind fence = FenceKind.valueOf(op.name());
                    if (fence == FenceKind.RELEASE || fence == FenceKind.STORE_STORE) {
                        s.epoch++;
                    }
                    record(EventKind.FENCE, t, null, fence.ordinal(), 0, 0);
                }
                default -> throw new AssertionError(op);
            }
            s.pc++;
        }

        void flush(int t, Address address) {
            List<Buffered> buffer = states.get(t).buffer;
            for (int i = 0; i < buffer.size(); i++) {
                Buffered b = buffer.get(i);
                if (address(b.var()).equals(address)) {
                    buffer.remove(i);
                    store(b.var(), b.value(), t);
                    record(EventKind.FLUSH, t, address, b.value(), b.write(), 0);
                    return;
                }
            }
            throw new AssertionError("nothing to flush");
        }

        /** Runs the thread's local operations up to its next shared one (or a back edge that is a LOOP step). */
        void advance(int t) {
            ThreadState s = states.get(t);
            arrive(t);
            for (int i = 0; s.started && bug == null && next(t) != null && next(t).local() && !s.heldAtBackEdge; i++) {
                if (i > MAX_LOCAL_STEPS) {
                    throw new IllegalStateException("t" + t + " loops without shared operations");
                }
                Op op = next(t);
                if (op.kind() == Kind.SET) {
                    s.registers.put(op.register(), op.value().applyAsLong(s.registers));
                    s.pc++;
                    continue;
                }
                boolean holds = op.condition().test(s.registers);
                if (op.kind() == Kind.CHECK && !holds) {
                    bug = new Bug(BugKind.ASSERTION, "check failed in t" + t + " at " + s.pc, "t" + t, null, null);
                }
                if (op.kind() == Kind.SPIN_BACK && holds && repeats(t)) {
                    s.heldAtBackEdge = true;
                    return;
                }
                s.pc = (op.kind() == Kind.JUMP_IF || op.kind() == Kind.SPIN_BACK) && holds ? op.target() : s.pc + 1;
                arrive(t);
            }
        }

        /** At a busy-wait loop's header (the target of a back edge of the thread's code): a new iteration begins. */
        void arrive(int t) {
            ThreadState s = states.get(t);
            boolean header = threads.get(t).stream().anyMatch(op -> op.kind() == Kind.SPIN_BACK && op.target() == s.pc);
            if (header) {
                s.arrivals.put(s.pc, new Arrival(s.seq));
            }
        }

        Map<String, Long> finalState() {
            Map<String, Long> state = new HashMap<>(memory);
            for (int t = 0; t < threads.size(); t++) {
                for (Map.Entry<String, Long> r : states.get(t).registers.entrySet()) {
                    state.put("r" + t + "." + r.getKey(), r.getValue());
                }
            }
            return state;
        }

        PendingOperation pending(int t) {
            Op op = next(t);
            if (!states.get(t).started || op == null) {
                return null;
            }
            if (op.kind() == Kind.SPIN_BACK) {
                Set<Address> awaited = new HashSet<>();
                arrival(t).foreignBeforeFirstRead.keySet().forEach(var -> awaited.add(address(var)));
                return PendingOperation.loop(t * 1000 + op.target(), awaited);
            }
            EventKind kind = switch (op.kind()) {
                case READ -> EventKind.READ;
                case WRITE -> EventKind.WRITE;
                case VOLATILE_READ -> EventKind.VOLATILE_READ;
                case VOLATILE_WRITE -> EventKind.VOLATILE_WRITE;
                case LOCK -> EventKind.LOCK;
                case UNLOCK -> EventKind.UNLOCK;
                case WAIT -> states.get(t).wakingNotify >= 0 || states.get(t).waiting ? EventKind.WAKE : EventKind.WAIT;
                case NOTIFY, NOTIFY_ALL -> EventKind.NOTIFY;
                case FORK -> EventKind.FORK;
                case JOIN -> EventKind.JOIN;
                case FENCE -> EventKind.FENCE;
                case SET, JUMP_IF, SPIN_BACK, CHECK -> throw new AssertionError(op);
            };
            Address address = switch (op.kind()) {
                case READ, WRITE, VOLATILE_READ, VOLATILE_WRITE -> address(op.name());
                case LOCK, UNLOCK, WAIT, NOTIFY, NOTIFY_ALL -> lockAddress(op.name());
                default -> null;
            };
            return new PendingOperation(kind, address, -1);
        }
    }

    @Override
    public RunResult run(SchedulePolicy policy) {
        runs++;
        Run run = new Run();
        List<Choice> schedule = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            run.advance(t);
        }
        int[] last = {-1};
        while (run.bug == null) {
            List<Choice> enabled = run.enabled();
            if (enabled.isEmpty()) {
                run.bug = blocked(run);
                break;
            }
            if (schedule.size() >= MAX_STEPS) {
                run.bug = new Bug(BugKind.LIVELOCK, "step bound reached", "t0", null, null);
                break;
            }
            List<ThreadView> views = new ArrayList<>();
            for (int t = 0; t < threads.size(); t++) {
                if (run.states.get(t).started && !run.finished(t)) {
                    views.add(new ThreadView(t, run.stepEnabled(t), run.pending(t)));
                }
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
                    return run.pending(thread);
                }

                public int steps() {
                    return steps;
                }

                public int lastThread() {
                    return last[0];
                }
            });
            if (!enabled.contains(c)) {
                return new RunResult(RunResult.Status.DIVERGED, trace(run), schedule, List.of(), "not enabled: " + c, Map.of());
            }
            schedule.add(c);
            if (c.isFlush()) {
                run.flush(c.thread(), c.flush());
            } else {
                run.step(c.thread());
                run.advance(c.thread());
            }
            last[0] = c.thread();
        }
        Map<String, Long> state = run.finalState();
        Map<String, String> finalState = new HashMap<>();
        state.forEach((k, v) -> finalState.put(k, Long.toString(v)));
        if (run.bug == null && bad.test(state)) {
            run.bug = new Bug(BugKind.ASSERTION, "bad final state", "t0", null, null);
        }
        RunResult.Status status = run.bug == null ? RunResult.Status.COMPLETED : RunResult.Status.BUG;
        return new RunResult(status, trace(run), schedule, run.bug == null ? List.of() : List.of(run.bug), null, finalState);
    }

    /** Null when every thread finished; else the deadlock or livelock that stopped them. */
    private Bug blocked(Run run) {
        List<Integer> stuck = new ArrayList<>();
        boolean spinning = false;
        for (int t = 0; t < threads.size(); t++) {
            if (run.states.get(t).started && !run.finished(t)) {
                stuck.add(t);
                spinning |= run.states.get(t).heldAtBackEdge;
            }
        }
        if (stuck.isEmpty()) {
            return null;
        }
        BugKind kind = spinning ? BugKind.LIVELOCK : BugKind.DEADLOCK;
        return new Bug(kind, kind.jsonName() + " of threads " + stuck, "t" + stuck.get(0), null, null);
    }

    private Trace trace(Run run) {
        return new Trace(symbols, List.copyOf(run.events), run.initialValues);
    }

    private Address lockAddress(String name) {
        return locks.computeIfAbsent(name, n -> Address.lock(ObjectIds.of(0, locks.size() + 1)));
    }

    private Address address(String name) {
        return addresses.computeIfAbsent(name, n -> Address.staticField(symbols.fields().intern("Toy", n, "J", true, false).id()));
    }
}
