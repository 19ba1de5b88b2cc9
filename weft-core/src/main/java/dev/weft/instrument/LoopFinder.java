package dev.weft.instrument;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Finds the loops of a method that {@link LoopVisitor} reports to the runtime, and classifies each
 * from the bytecode. Loops are the natural loops of the control-flow graph ({@link ControlFlow},
 * exception edges included). A loop is reported when its body touches shared state or calls a
 * method, or when it is pure and changes no local (it runs once or for ever, as {@code while (true) {}}
 * does); a loop of local computation only is left alone. A reported loop is <em>pure</em> when
 * one iteration can leave state behind only in the method's locals and in shared memory the
 * runtime records: its operand stack is empty at the header and no instruction of its body may
 * leave hidden state ({@link HiddenState}). The locals a pure loop's body writes that are live at
 * the header are reported at each arrival there, so that the runtime can tell whether an iteration
 * changed them (the busy-wait rule, {@code dev.weft.trace.BusyWait}); a local assigned before its use
 * in every iteration ({@code while ((v = flag) == 0)}) is not live at the header and is not reported.
 *
 * <p>Beyond the simplest rule (no live local written at all): comparing the
 * written locals' values lets a loop that keeps the last value it read in a local, as Bakery's
 * {@code theirs = number[j]} does, count as a busy-wait when the value did not change.
 *
 * <p>Not reported, and so run as written: loops whose header an exception edge enters (the edge
 * cannot carry a report), and every loop of a method with subroutines or that the analysis cannot
 * follow. That only gives up holding them back and the loop bound, never soundness.
 */
final class LoopFinder {
    private final HiddenState hiddenState;

    LoopFinder(HiddenState hiddenState) {
        this.hiddenState = hiddenState;
    }

    /** The plan for {@code method} of class {@code owner}: no loops when the method has none worth reporting. */
    LoopPlan plan(String owner, MethodNode method) {
        if (method.instructions.size() == 0) {
            return LoopPlan.NONE;
        }
        ControlFlow flow = ControlFlow.of(method);
        List<ControlFlow.NaturalLoop> natural = flow == null ? List.of() : flow.naturalLoops();
        if (natural.isEmpty()) {
            return LoopPlan.NONE;
        }
        Frame<BasicValue>[] frames;
        try {
            frames = new Analyzer<>(new BasicInterpreter()).analyze(owner, method);
        } catch (AnalyzerException e) {
            return LoopPlan.NONE;
        }
        Liveness liveness = new Liveness(flow);
        Map<AbstractInsnNode, Integer> indexOf = indexes(method);
        List<ControlFlow.NaturalLoop> reported = new ArrayList<>();
        List<List<LoopPlan.Local>> changedByLoop = new ArrayList<>();
        for (ControlFlow.NaturalLoop loop : natural) {
            if (!noExceptionEdgeInto(flow, loop)) {
                continue;
            }
            Frame<BasicValue> atHeader = frames[indexOf.get(flow.instructions[loop.header()])];
            List<LoopPlan.Local> changed = isPure(owner, flow, loop, atHeader) ? changedLocals(flow, loop, liveness, atHeader) : null;
            // A pure loop that changes no local can only run once or for ever: reported even when it touches nothing shared.
            if (touchesSharedState(flow, loop) || changed != null && changed.isEmpty()) {
                reported.add(loop);
                changedByLoop.add(changed);
            }
        }
        if (reported.isEmpty()) {
            return LoopPlan.NONE;
        }
        List<LoopPlan.Loop> loops = new ArrayList<>();
        for (int k = 0; k < reported.size(); k++) {
            List<LoopPlan.Local> changed = changedByLoop.get(k);
            loops.add(new LoopPlan.Loop(reported.get(k).header(), changed != null, changed == null ? List.of() : changed,
                    enclosing(reported.get(k), reported)));
        }
        return new LoopPlan(loops, edges(flow, reported));
    }

    private static boolean touchesSharedState(ControlFlow flow, ControlFlow.NaturalLoop loop) {
        for (int i = loop.body().nextSetBit(0); i >= 0; i = loop.body().nextSetBit(i + 1)) {
            switch (flow.instructions[i].getOpcode()) {
                case Opcodes.GETFIELD, Opcodes.PUTFIELD, Opcodes.GETSTATIC, Opcodes.PUTSTATIC, Opcodes.IALOAD, Opcodes.LALOAD,
                     Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.IASTORE,
                     Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE,
                     Opcodes.SASTORE, Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL,
                     Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE, Opcodes.INVOKEDYNAMIC -> {
                    return true;
                }
                default -> {
                }
            }
        }
        return false;
    }

    private static boolean noExceptionEdgeInto(ControlFlow flow, ControlFlow.NaturalLoop loop) {
        for (int p : flow.predecessorsOf(loop.header())) {
            if (flow.isReachable(p) && flow.isExceptionEdge(p, loop.header())) {
                return false;
            }
        }
        return true;
    }

    private boolean isPure(String owner, ControlFlow flow, ControlFlow.NaturalLoop loop, Frame<BasicValue> atHeader) {
        if (atHeader == null || atHeader.getStackSize() != 0) {
            return false;
        }
        for (int i = loop.body().nextSetBit(0); i >= 0; i = loop.body().nextSetBit(i + 1)) {
            if (hiddenState.leavesState(owner, flow.instructions[i])) {
                return false;
            }
        }
        return true;
    }

    /** The locals the body writes that are live at the header, with their types there; null if one cannot be read there. */
    private static List<LoopPlan.Local> changedLocals(ControlFlow flow, ControlFlow.NaturalLoop loop, Liveness liveness,
                                                      Frame<BasicValue> atHeader) {
        BitSet written = new BitSet();
        for (int i = loop.body().nextSetBit(0); i >= 0; i = loop.body().nextSetBit(i + 1)) {
            written.or(Liveness.written(flow.instructions[i]));
        }
        written.and(liveness.liveBefore(loop.header()));
        List<LoopPlan.Local> changed = new ArrayList<>();
        for (int slot = written.nextSetBit(0); slot >= 0; slot = written.nextSetBit(slot + 1)) {
            Type type = atHeader.getLocal(slot).getType();
            if (type == null) {
                if (slot > 0 && atHeader.getLocal(slot - 1).getSize() == 2) {
                    continue; // the second half of a long or double
                }
                return null; // no value on some path to the header (or a subroutine's return address)
            }
            changed.add(new LoopPlan.Local(slot, type.getSort()));
            if (type.getSize() == 2) {
                slot++;
            }
        }
        return changed;
    }

    /** The innermost reported loop whose body holds {@code loop}'s header, as an index into {@code reported}; -1 if none. */
    private static int enclosing(ControlFlow.NaturalLoop loop, List<ControlFlow.NaturalLoop> reported) {
        int found = -1;
        for (int k = 0; k < reported.size(); k++) {
            ControlFlow.NaturalLoop other = reported.get(k);
            if (other != loop && other.body().get(loop.header())
                    && (found < 0 || reported.get(found).body().cardinality() > other.body().cardinality())) {
                found = k;
            }
        }
        return found;
    }

    /**
     * Every edge into a reported loop's header, by its source instruction and the edge's position
     * there: a jump's or switch's targets in the order its code names them (a switch's default
     * last), then the fall-through. A loop whose header is the method's first instruction is also
     * entered when the method starts.
     */
    private static Map<Integer, LoopPlan.Edge[]> edges(ControlFlow flow, List<ControlFlow.NaturalLoop> reported) {
        Map<Integer, LoopPlan.Edge[]> edges = new HashMap<>();
        for (int k = 0; k < reported.size(); k++) {
            ControlFlow.NaturalLoop loop = reported.get(k);
            int header = loop.header();
            for (int source : flow.predecessorsOf(header)) {
                if (!flow.isReachable(source)) {
                    continue;
                }
                int[] targets = flow.jumpTargets[source];
                LoopPlan.Edge[] bySource = edges.computeIfAbsent(source, s -> new LoopPlan.Edge[targets.length + 1]);
                LoopPlan.Edge edge = new LoopPlan.Edge(k, loop.body().get(source));
                for (int p = 0; p < targets.length; p++) {
                    if (targets[p] == header) {
                        bySource[p] = edge;
                    }
                }
                if (source + 1 == header && ControlFlow.fallsThrough(flow.instructions[source].getOpcode())) {
                    bySource[targets.length] = edge;
                }
            }
            if (header == 0) {
                edges.put(LoopPlan.METHOD_START, new LoopPlan.Edge[] {new LoopPlan.Edge(k, false)});
            }
        }
        return edges;
    }

    private static Map<AbstractInsnNode, Integer> indexes(MethodNode method) {
        Map<AbstractInsnNode, Integer> indexes = new java.util.IdentityHashMap<>();
        int i = 0;
        for (AbstractInsnNode insn : method.instructions) {
            indexes.put(insn, i++);
        }
        return indexes;
    }
}
