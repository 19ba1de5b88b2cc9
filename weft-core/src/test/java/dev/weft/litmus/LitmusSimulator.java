package dev.weft.litmus;

import dev.weft.trace.MemoryModel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Test oracle: enumerates every final outcome of a litmus program under SC, TSO or PSO by
 * exhaustive search over an operational machine. Under SC a write goes straight to memory. Under
 * TSO it enters its thread's FIFO buffer and only the oldest entry may be flushed; under PSO only
 * the oldest entry per address may be flushed (one buffer per thread and address, kept here as one
 * list). A read returns the thread's newest buffered write to its address, else memory. A fence
 * waits until its thread's buffer is empty. A store-store fence (the freeze of final fields at a
 * constructor's end) keeps, under PSO, every write buffered after it from being flushed before every
 * write buffered before it (a barrier in the buffer); SC and TSO keep that order anyway. An outcome
 * is the final registers and memory, once every thread has finished and every buffer is empty.
 *
 * <p>Access modes (JDK 9 VarHandle modes) as the JSR-133 cookbook maps them onto these machines, and
 * as HotSpot compiles them on x86 (TSO): a volatile write is a release write followed by a full
 * fence ({@code mov; lock addl}), a volatile read a plain read (a plain {@code mov}: the cookbook needs
 * no barrier between a store and a later volatile load, so a volatile read does not wait for its
 * thread's buffer). A release write is a store-store barrier and then a plain write (TSO keeps stores
 * in order anyway, PSO needs the barrier); acquire and opaque reads are plain reads and opaque writes
 * plain writes (neither machine lets a read pass a later access, and both keep each location's writes
 * in order). A release fence is a store-store barrier, an acquire fence does nothing here.
 */
final class LitmusSimulator {
    /** A litmus program: threads of operations over named locations that all start at 0. */
    record Program(List<List<Op>> threads) {
    }

    sealed interface Op permits Write, Read, Fence, StoreStoreFence {
    }

    /** The access modes of {@code java.lang.invoke.VarHandle}, written here again so that the oracle shares nothing with Weft. */
    enum Mode {
        PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE
    }

    record Write(String location, int value, Mode mode) implements Op {
    }

    record Read(String location, String register, Mode mode) implements Op {
    }

    record Fence() implements Op {
    }

    record StoreStoreFence() implements Op {
    }

    /** A buffered write, or (location null) a store-store barrier. */
    private record Pending(String location, int value) {
        static final Pending BARRIER = new Pending(null, 0);

        boolean isBarrier() {
            return location == null;
        }
    }

    private record State(List<Integer> next, List<List<Pending>> buffers, Map<String, Integer> memory,
                         Map<String, Integer> registers) {
    }

    private LitmusSimulator() {
    }

    /** Every final outcome (registers and memory by name) the model allows. */
    static Set<Map<String, Integer>> outcomes(Program program, MemoryModel model) {
        program = lowered(program);
        int threads = program.threads().size();
        List<List<Pending>> emptyBuffers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            emptyBuffers.add(List.of());
        }
        State initial = new State(List.copyOf(Collections.nCopies(threads, 0)),
                List.copyOf(emptyBuffers), Map.of(), Map.of());
        Set<State> visited = new HashSet<>();
        Deque<State> toVisit = new ArrayDeque<>(List.of(initial));
        Set<Map<String, Integer>> outcomes = new HashSet<>();
        while (!toVisit.isEmpty()) {
            State state = toVisit.pop();
            if (!visited.add(state)) {
                continue;
            }
            List<State> successors = successors(program, model, state);
            if (successors.isEmpty()) {
                Map<String, Integer> outcome = new TreeMap<>(state.memory());
                outcome.putAll(state.registers());
                outcomes.add(outcome);
            }
            successors.forEach(toVisit::push);
        }
        return outcomes;
    }

    /** The program with each volatile write spelt out as the machine runs it: a release write, then a full fence. */
    private static Program lowered(Program program) {
        List<List<Op>> threads = new ArrayList<>();
        for (List<Op> ops : program.threads()) {
            List<Op> machine = new ArrayList<>();
            for (Op op : ops) {
                if (op instanceof Write write && write.mode() == Mode.VOLATILE) {
                    machine.add(new Write(write.location(), write.value(), Mode.RELEASE));
                    machine.add(new Fence());
                } else {
                    machine.add(op);
                }
            }
            threads.add(List.copyOf(machine));
        }
        return new Program(List.copyOf(threads));
    }

    /** Whether some outcome the model allows agrees with every value in {@code partialOutcome}. */
    static boolean allows(Program program, MemoryModel model, Map<String, Integer> partialOutcome) {
        return outcomes(program, model).stream()
                .anyMatch(outcome -> partialOutcome.entrySet().stream()
                        .allMatch(e -> e.getValue().equals(outcome.getOrDefault(e.getKey(), 0))));
    }

    private static List<State> successors(Program program, MemoryModel model, State state) {
        List<State> successors = new ArrayList<>();
        for (int t = 0; t < program.threads().size(); t++) {
            List<Op> ops = program.threads().get(t);
            int pc = state.next().get(t);
            if (pc < ops.size()) {
                State stepped = step(ops.get(pc), t, model, state);
                if (stepped != null) {
                    successors.add(stepped);
                }
            }
            List<Pending> buffer = state.buffers().get(t);
            Set<String> olderAddresses = new HashSet<>();
            for (int i = 0; i < buffer.size() && !buffer.get(i).isBarrier(); i++) {
                boolean oldestOfItsAddress = olderAddresses.add(buffer.get(i).location());
                if (i == 0 || (model == MemoryModel.PSO && oldestOfItsAddress)) {
                    successors.add(flush(state, t, i));
                }
            }
        }
        return successors;
    }

    /** The state after thread {@code t} performs {@code op}, or null if {@code op} is a fence that must wait for a drained buffer. */
    private static State step(Op op, int t, MemoryModel model, State state) {
        List<Pending> buffer = state.buffers().get(t);
        if (op instanceof Fence && !buffer.isEmpty()) {
            return null;
        }
        List<Integer> next = new ArrayList<>(state.next());
        next.set(t, next.get(t) + 1);
        Map<String, Integer> memory = state.memory();
        Map<String, Integer> registers = state.registers();
        List<List<Pending>> buffers = state.buffers();
        boolean barrier = op instanceof StoreStoreFence || op instanceof Write release && release.mode() == Mode.RELEASE;
        if (barrier && model == MemoryModel.PSO && !buffer.isEmpty()) {
            List<Pending> grown = new ArrayList<>(buffer);
            grown.add(Pending.BARRIER);
            buffers = replaced(buffers, t, grown);
        }
        if (op instanceof Write write) {
            if (model == MemoryModel.SC) {
                memory = with(memory, write.location(), write.value());
            } else {
                List<Pending> grown = new ArrayList<>(buffers.get(t));
                grown.add(new Pending(write.location(), write.value()));
                buffers = replaced(buffers, t, grown);
            }
        } else if (op instanceof Read read) {
            registers = with(registers, read.register(), valueSeenBy(buffer, memory, read.location()));
        }
        return new State(List.copyOf(next), buffers, memory, registers);
    }

    private static int valueSeenBy(List<Pending> buffer, Map<String, Integer> memory, String location) {
        for (int i = buffer.size() - 1; i >= 0; i--) {
            if (location.equals(buffer.get(i).location())) {
                return buffer.get(i).value();
            }
        }
        return memory.getOrDefault(location, 0);
    }

    /** Flushes the write at {@code index}; a barrier that no longer has writes before it goes. */
    private static State flush(State state, int t, int index) {
        List<Pending> buffer = new ArrayList<>(state.buffers().get(t));
        Pending pending = buffer.remove(index);
        while (!buffer.isEmpty() && buffer.get(0).isBarrier()) {
            buffer.remove(0);
        }
        return new State(state.next(), replaced(state.buffers(), t, buffer),
                with(state.memory(), pending.location(), pending.value()), state.registers());
    }

    private static Map<String, Integer> with(Map<String, Integer> map, String key, int value) {
        Map<String, Integer> copy = new TreeMap<>(map);
        copy.put(key, value);
        return Map.copyOf(copy);
    }

    private static List<List<Pending>> replaced(List<List<Pending>> buffers, int t, List<Pending> buffer) {
        List<List<Pending>> copy = new ArrayList<>(buffers);
        copy.set(t, List.copyOf(buffer));
        return List.copyOf(copy);
    }
}
