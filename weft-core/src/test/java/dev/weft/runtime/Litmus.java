package dev.weft.runtime;

import dev.weft.litmus.JmmAxioms;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Litmus tests: tiny programs of reads, writes and fences on named locations, each with the outcome
 * whose legality distinguishes memory models. Two ways to run one: {@link #simulate} enumerates
 * every outcome with a small operational model of store buffers written independently of the
 * runtime (the test oracle), and {@link #program} turns it into a {@link TestProgram} for the
 * controlled executor. Locations x, y, z are plain, v and w volatile ({@link Vars}). An outcome
 * lists the registers and the final value of every location, e.g. "{r0=0, r1=0, x=1, y=1}".
 */
record Litmus(String name, List<List<Op>> threads, Map<String, Integer> interesting, boolean sc, boolean tso, boolean pso) {

    /** One operation: write {@code value} to {@code var}, read {@code var} into {@code register}, or a fence. */
    record Op(char kind, String var, int value, String register, FenceKind fence) {
        static Op write(String var, int value) {
            return new Op('W', var, value, null, null);
        }

        static Op read(String var, String register) {
            return new Op('R', var, 0, register, null);
        }

        static Op fence(FenceKind kind) {
            return new Op('F', null, 0, null, kind);
        }

        boolean isVolatile() {
            return "v".equals(var) || "w".equals(var);
        }
    }

    /**
     * The tests whose interesting outcome the JMM allows (the RC11-style verdicts of the C11/Java
     * literature; LB only by a read returning a later write, which Weft's runtime does not explore).
     */
    private static final Set<String> JMM_ALLOWED = Set.of("SB", "SB+rfi", "MP", "LB", "IRIW", "WRC", "2+2W", "S", "R", "ISA2", "RWC");

    boolean allowed(MemoryModel model) {
        return switch (model) {
            case SC -> sc;
            case TSO -> tso;
            case PSO -> pso;
            case JMM -> JMM_ALLOWED.contains(name);
        };
    }

    /** Whether an outcome (as rendered by {@link #render}) is the interesting one. */
    boolean isInteresting(String outcome) {
        for (Map.Entry<String, Integer> e : interesting.entrySet()) {
            if (!outcome.contains(e.getKey() + "=" + e.getValue() + ",") && !outcome.contains(e.getKey() + "=" + e.getValue() + "}")) {
                return false;
            }
        }
        return true;
    }

    private static Litmus of(String name, String condition, boolean sc, boolean tso, boolean pso, List<List<Op>> threads) {
        Map<String, Integer> interesting = new TreeMap<>();
        for (String part : condition.split(",")) {
            String[] kv = part.trim().split("=");
            interesting.put(kv[0], Integer.parseInt(kv[1]));
        }
        return new Litmus(name, threads, interesting, sc, tso, pso);
    }

    private static Op w(String var, int value) {
        return Op.write(var, value);
    }

    private static Op r(String var, String register) {
        return Op.read(var, register);
    }

    private static Op f(FenceKind kind) {
        return Op.fence(kind);
    }

    /** The published verdicts (issue 4): is the interesting outcome allowed under SC, TSO, PSO? */
    static List<Litmus> catalog() {
        return List.of(
                of("SB", "r0=0, r1=0", false, true, true,
                        List.of(List.of(w("x", 1), r("y", "r0")), List.of(w("y", 1), r("x", "r1")))),
                of("SB+fences", "r0=0, r1=0", false, false, false,
                        List.of(List.of(w("x", 1), f(FenceKind.FULL), r("y", "r0")), List.of(w("y", 1), f(FenceKind.FULL), r("x", "r1")))),
                of("SB+volatile", "r0=0, r1=0", false, false, false,
                        List.of(List.of(w("v", 1), r("w", "r0")), List.of(w("w", 1), r("v", "r1")))),
                of("SB+rfi", "r0=1, r1=0, r2=1, r3=0", false, true, true,
                        List.of(List.of(w("x", 1), r("x", "r0"), r("y", "r1")), List.of(w("y", 1), r("y", "r2"), r("x", "r3")))),
                of("MP", "r0=1, r1=0", false, false, true,
                        List.of(List.of(w("x", 1), w("y", 1)), List.of(r("y", "r0"), r("x", "r1")))),
                of("MP+volatile", "r0=1, r1=0", false, false, false,
                        List.of(List.of(w("x", 1), w("v", 1)), List.of(r("v", "r0"), r("x", "r1")))),
                of("LB", "r0=1, r1=1", false, false, false,
                        List.of(List.of(r("x", "r0"), w("y", 1)), List.of(r("y", "r1"), w("x", 1)))),
                of("CoRR", "r0=1, r1=0", false, false, false,
                        List.of(List.of(w("x", 1)), List.of(r("x", "r0"), r("x", "r1")))),
                of("CoWR", "r0=2, x=1", false, false, false,
                        List.of(List.of(w("x", 1), r("x", "r0")), List.of(w("x", 2)))),
                of("2+2W", "x=1, y=1", false, false, true,
                        List.of(List.of(w("x", 1), w("y", 2)), List.of(w("y", 1), w("x", 2)))),
                of("S", "r0=1, x=2", false, false, true,
                        List.of(List.of(w("x", 2), w("y", 1)), List.of(r("y", "r0"), w("x", 1)))),
                of("R", "r0=0, y=2", false, true, true,
                        List.of(List.of(w("x", 1), w("y", 1)), List.of(w("y", 2), r("x", "r0")))),
                of("IRIW", "r0=1, r1=0, r2=1, r3=0", false, false, false,
                        List.of(List.of(w("x", 1)), List.of(w("y", 1)), List.of(r("x", "r0"), r("y", "r1")), List.of(r("y", "r2"), r("x", "r3")))),
                of("WRC", "r0=1, r1=1, r2=0", false, false, false,
                        List.of(List.of(w("x", 1)), List.of(r("x", "r0"), w("y", 1)), List.of(r("y", "r1"), r("x", "r2")))),
                of("ISA2", "r0=1, r1=1, r2=0", false, false, true,
                        List.of(List.of(w("x", 1), w("y", 1)), List.of(r("y", "r0"), w("z", 1)), List.of(r("z", "r1"), r("x", "r2")))),
                of("RWC", "r0=1, r1=0, r2=0", false, true, true,
                        List.of(List.of(w("x", 1)), List.of(r("x", "r0"), r("y", "r1")), List.of(w("y", 1), r("x", "r2")))));
    }

    static Litmus named(String name) {
        return catalog().stream().filter(l -> l.name.equals(name)).findFirst().orElseThrow();
    }

    /** Locations the test touches, in name order. */
    Set<String> locations() {
        Set<String> vars = new TreeSet<>();
        threads.forEach(ops -> ops.stream().filter(o -> o.var() != null).forEach(o -> vars.add(o.var())));
        return vars;
    }

    static String render(Map<String, Integer> registers, Map<String, Integer> memory) {
        Map<String, Integer> all = new TreeMap<>(registers);
        all.putAll(memory);
        return all.toString();
    }

    // ---------------------------------------------------------------- the controlled program

    /** Main starts one thread per litmus thread; the final state holds the registers and the final memory. */
    TestProgram program() {
        Set<String> vars = locations();
        TestProgram[] self = new TestProgram[1];
        self[0] = new TestProgram(t -> {
            for (List<Op> ops : threads) {
                t.fork(() -> {
                    for (Op op : ops) {
                        switch (op.kind()) {
                            case 'W' -> t.write(op.var(), op.value());
                            case 'R' -> t.record(op.register(), t.read(op.var()));
                            default -> Hooks.fence(op.fence().ordinal(), -1);
                        }
                    }
                });
            }
        }, () -> {
            Map<String, String> memory = new TreeMap<>();
            for (String var : vars) {
                memory.put(var, Integer.toString(TestProgram.staticInt(var)));
            }
            return memory;
        });
        return self[0];
    }

    // ---------------------------------------------------------------- the oracle

    /**
     * Every final outcome under {@code model}, by exhaustive search of an operational store-buffer
     * machine; under JMM every outcome of the axiomatic oracle {@link JmmAxioms} that needs no read of
     * a later write, as Weft's runtime explores them.
     */
    Set<String> simulate(MemoryModel model) {
        if (model == MemoryModel.JMM) {
            return axiomatic(false);
        }
        Set<String> outcomes = new TreeSet<>();
        explore(new Machine(threads.size()), model, new HashSet<>(), outcomes);
        return outcomes;
    }

    /** Every final outcome the JMM allows ({@link JmmAxioms}), with load buffering or without it. */
    Set<String> axiomatic(boolean loadBuffering) {
        List<List<JmmAxioms.Op>> program = new ArrayList<>();
        for (List<Op> ops : threads) {
            List<JmmAxioms.Op> axiomOps = new ArrayList<>();
            for (Op op : ops) {
                JmmAxioms.Mode mode = op.isVolatile() ? JmmAxioms.Mode.VOLATILE : JmmAxioms.Mode.PLAIN;
                axiomOps.add(switch (op.kind()) {
                    case 'W' -> JmmAxioms.Op.write(op.var(), op.value(), mode);
                    case 'R' -> JmmAxioms.Op.read(op.var(), op.register(), mode);
                    default -> JmmAxioms.Op.fence(JmmAxioms.Fence.valueOf(op.fence().name()));
                });
            }
            program.add(axiomOps);
        }
        Set<String> outcomes = new TreeSet<>();
        JmmAxioms.outcomes(program, loadBuffering).forEach(o -> outcomes.add(o.toString()));
        return outcomes;
    }

    /** A buffered write; {@code epoch} counts the store-store fences before it (PSO). */
    private record Pending(String var, int value, int epoch) {
    }

    /** One state of the machine; copied on every transition. */
    private final class Machine {
        final int[] pc;
        final int[] epochs;
        final List<List<Pending>> buffers = new ArrayList<>();
        final Map<String, Integer> memory = new TreeMap<>();
        final Map<String, Integer> registers = new TreeMap<>();

        Machine(int n) {
            pc = new int[n];
            epochs = new int[n];
            for (int i = 0; i < n; i++) {
                buffers.add(new ArrayList<>());
            }
        }

        Machine(Machine other) {
            pc = other.pc.clone();
            epochs = other.epochs.clone();
            other.buffers.forEach(b -> buffers.add(new ArrayList<>(b)));
            memory.putAll(other.memory);
            registers.putAll(other.registers);
        }

        String key() {
            return Arrays.toString(pc) + Arrays.toString(epochs) + buffers + memory + registers;
        }

        void drain(int t) {
            for (Pending p : buffers.get(t)) {
                memory.put(p.var(), p.value());
            }
            buffers.get(t).clear();
        }

        int load(int t, String var) {
            List<Pending> buffer = buffers.get(t);
            for (int i = buffer.size() - 1; i >= 0; i--) {
                if (buffer.get(i).var().equals(var)) {
                    return buffer.get(i).value();
                }
            }
            return memory.getOrDefault(var, 0);
        }
    }

    private void explore(Machine m, MemoryModel model, Set<String> seen, Set<String> outcomes) {
        if (!seen.add(m.key())) {
            return;
        }
        boolean moved = false;
        for (int t = 0; t < threads.size(); t++) {
            if (m.pc[t] < threads.get(t).size()) {
                moved = true;
                Machine next = new Machine(m);
                step(next, t, threads.get(t).get(m.pc[t]), model);
                next.pc[t]++;
                explore(next, model, seen, outcomes);
            }
            List<Pending> buffer = m.buffers.get(t);
            Set<String> flushed = new HashSet<>();
            for (int i = 0; i < buffer.size(); i++) {
                Pending p = buffer.get(i);
                boolean oldest = model == MemoryModel.TSO ? i == 0 : p.epoch() == buffer.get(0).epoch() && flushed.add(p.var());
                if (!oldest) {
                    if (model == MemoryModel.TSO) {
                        break;
                    }
                    continue;
                }
                moved = true;
                Machine next = new Machine(m);
                next.buffers.get(t).remove(i);
                next.memory.put(p.var(), p.value());
                explore(next, model, seen, outcomes);
            }
        }
        if (!moved) {
            Map<String, Integer> memory = new TreeMap<>();
            for (String var : locations()) {
                memory.put(var, m.memory.getOrDefault(var, 0));
            }
            outcomes.add(render(m.registers, memory));
        }
    }

    private static void step(Machine m, int t, Op op, MemoryModel model) {
        switch (op.kind()) {
            case 'W' -> {
                if (op.isVolatile()) {
                    m.drain(t);
                    m.memory.put(op.var(), op.value());
                } else if (model == MemoryModel.SC) {
                    m.memory.put(op.var(), op.value());
                } else {
                    m.buffers.get(t).add(new Pending(op.var(), op.value(), m.epochs[t]));
                }
            }
            case 'R' -> {
                if (op.isVolatile()) {
                    m.drain(t);
                }
                m.registers.put(op.register(), m.load(t, op.var()));
            }
            default -> {
                if (op.fence() == FenceKind.FULL) {
                    m.drain(t);
                } else if (op.fence() == FenceKind.RELEASE || op.fence() == FenceKind.STORE_STORE) {
                    m.epochs[t]++;
                }
            }
        }
    }
}
