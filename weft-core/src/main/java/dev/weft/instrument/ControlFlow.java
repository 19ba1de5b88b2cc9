package dev.weft.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * The control-flow graph of one method over its real instructions (labels, line numbers and frames
 * left out), numbered in code order from 0, with its exception edges, dominators and natural loops.
 * A method with subroutines ({@code jsr}/{@code ret}, Java 6 and earlier) has no graph here.
 */
final class ControlFlow {
    /** A natural loop: its header, the instructions of its body (the header included), and the back edges' sources. */
    record NaturalLoop(int header, BitSet body, List<Integer> backSources) {
    }

    final AbstractInsnNode[] instructions;
    /** Each instruction's jump targets in the order its code names them: a jump's label; a switch's labels, then its default. */
    final int[][] jumpTargets;
    /** Normal successors of each instruction, each once: its jump targets, and the next instruction if it falls through. */
    final int[][] successors;
    /** Exception handlers each instruction may throw to. */
    final int[][] handlers;
    private final int[][] predecessors;
    private final BitSet reachable = new BitSet();
    private int[] dominator;

    private ControlFlow(AbstractInsnNode[] instructions, int[][] jumpTargets, int[][] handlers) {
        this.instructions = instructions;
        this.jumpTargets = jumpTargets;
        this.successors = new int[instructions.length][];
        for (int i = 0; i < instructions.length; i++) {
            boolean next = fallsThrough(instructions[i].getOpcode()) && i + 1 < instructions.length;
            IntStream all = next ? IntStream.concat(Arrays.stream(jumpTargets[i]), IntStream.of(i + 1)) : Arrays.stream(jumpTargets[i]);
            successors[i] = all.distinct().toArray();
        }
        this.handlers = handlers;
        this.predecessors = predecessors(successors, handlers);
    }

    /** The method's graph, or null for code with subroutines. */
    static ControlFlow of(MethodNode method) {
        List<AbstractInsnNode> real = new ArrayList<>();
        Map<AbstractInsnNode, Integer> ordinal = new IdentityHashMap<>();
        Map<LabelNode, Integer> labelTarget = new HashMap<>();
        List<LabelNode> pendingLabels = new ArrayList<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LabelNode label) {
                pendingLabels.add(label);
            } else if (insn.getOpcode() >= 0) {
                if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
                    return null;
                }
                pendingLabels.forEach(l -> labelTarget.put(l, real.size()));
                pendingLabels.clear();
                ordinal.put(insn, real.size());
                real.add(insn);
            }
        }
        int n = real.size();
        pendingLabels.forEach(l -> labelTarget.put(l, n));
        int[][] jumpTargets = new int[n][];
        for (int i = 0; i < n; i++) {
            jumpTargets[i] = jumpTargetsOf(real.get(i), labelTarget);
        }
        int[][] handlers = handlers(method.tryCatchBlocks, n, labelTarget);
        ControlFlow flow = new ControlFlow(real.toArray(new AbstractInsnNode[0]), jumpTargets, handlers);
        flow.computeDominators();
        return flow;
    }

    private static int[] jumpTargetsOf(AbstractInsnNode insn, Map<LabelNode, Integer> labelTarget) {
        List<LabelNode> labels = new ArrayList<>();
        if (insn instanceof JumpInsnNode jump) {
            labels.add(jump.label);
        } else if (insn instanceof TableSwitchInsnNode table) {
            labels.addAll(table.labels);
            labels.add(table.dflt);
        } else if (insn instanceof LookupSwitchInsnNode lookup) {
            labels.addAll(lookup.labels);
            labels.add(lookup.dflt);
        }
        return labels.stream().mapToInt(labelTarget::get).toArray();
    }

    static boolean fallsThrough(int opcode) {
        return switch (opcode) {
            case Opcodes.GOTO, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.ATHROW, Opcodes.IRETURN, Opcodes.LRETURN,
                 Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.RETURN -> false;
            default -> true;
        };
    }

    private static int[][] handlers(List<TryCatchBlockNode> blocks, int n, Map<LabelNode, Integer> labelTarget) {
        List<List<Integer>> byInstruction = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byInstruction.add(new ArrayList<>());
        }
        for (TryCatchBlockNode block : blocks) {
            int handler = labelTarget.get(block.handler);
            for (int i = labelTarget.get(block.start); i < labelTarget.get(block.end); i++) {
                if (!byInstruction.get(i).contains(handler)) {
                    byInstruction.get(i).add(handler);
                }
            }
        }
        return byInstruction.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
    }

    private static int[][] predecessors(int[][] successors, int[][] handlers) {
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < successors.length; i++) {
            preds.add(new ArrayList<>());
        }
        for (int i = 0; i < successors.length; i++) {
            for (int s : successors[i]) {
                preds.get(s).add(i);
            }
            for (int h : handlers[i]) {
                preds.get(h).add(i);
            }
        }
        return preds.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
    }

    int size() {
        return instructions.length;
    }

    boolean isReachable(int i) {
        return reachable.get(i);
    }

    /** Whether {@code a} dominates {@code b} (every path from the entry to {@code b} passes {@code a}); both reachable. */
    boolean dominates(int a, int b) {
        for (int x = b; ; x = dominator[x]) {
            if (x == a) {
                return true;
            }
            if (x == dominator[x]) {
                return false;
            }
        }
    }

    /** Whether the edge from {@code source} to {@code target} is an exception edge only. */
    boolean isExceptionEdge(int source, int target) {
        return Arrays.stream(successors[source]).noneMatch(s -> s == target);
    }

    int[] predecessorsOf(int i) {
        return predecessors[i];
    }

    /**
     * The natural loops (a back edge goes to an instruction that dominates its source), one per
     * header, its back edges merged; exception edges count.
     */
    List<NaturalLoop> naturalLoops() {
        Map<Integer, List<Integer>> backSources = new java.util.TreeMap<>();
        for (int s = 0; s < size(); s++) {
            if (!reachable.get(s)) {
                continue;
            }
            for (int[] targets : new int[][] {successors[s], handlers[s]}) {
                for (int h : targets) {
                    if (dominates(h, s) && !backSources.computeIfAbsent(h, k -> new ArrayList<>()).contains(s)) {
                        backSources.get(h).add(s);
                    }
                }
            }
        }
        List<NaturalLoop> loops = new ArrayList<>();
        backSources.forEach((header, sources) -> loops.add(new NaturalLoop(header, body(header, sources), List.copyOf(sources))));
        return loops;
    }

    /** The header and every instruction that reaches a back edge's source without passing the header. */
    private BitSet body(int header, List<Integer> sources) {
        BitSet body = new BitSet();
        body.set(header);
        Deque<Integer> pending = new ArrayDeque<>();
        for (int s : sources) {
            if (!body.get(s)) {
                body.set(s);
                pending.push(s);
            }
        }
        while (!pending.isEmpty()) {
            for (int p : predecessors[pending.pop()]) {
                if (reachable.get(p) && !body.get(p)) {
                    body.set(p);
                    pending.push(p);
                }
            }
        }
        return body;
    }

    /** Immediate dominators by the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001). */
    private void computeDominators() {
        int n = size();
        dominator = new int[n];
        Arrays.fill(dominator, -1);
        if (n == 0) {
            return;
        }
        int[] order = reversePostorder();
        int[] rank = new int[n];
        for (int i = 0; i < order.length; i++) {
            rank[order[i]] = i;
        }
        dominator[order[0]] = order[0];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 1; k < order.length; k++) {
                int b = order[k];
                int idom = -1;
                for (int p : predecessors[b]) {
                    if (dominator[p] >= 0) {
                        idom = idom < 0 ? p : intersect(p, idom, rank);
                    }
                }
                if (idom != dominator[b]) {
                    dominator[b] = idom;
                    changed = true;
                }
            }
        }
    }

    private int intersect(int a, int b, int[] rank) {
        while (a != b) {
            while (rank[a] > rank[b]) {
                a = dominator[a];
            }
            while (rank[b] > rank[a]) {
                b = dominator[b];
            }
        }
        return a;
    }

    /** Reachable instructions from the entry, in reverse postorder of a depth-first walk. */
    private int[] reversePostorder() {
        List<Integer> postorder = new ArrayList<>();
        int[] nextChild = new int[size()];
        Deque<Integer> stack = new ArrayDeque<>();
        stack.push(0);
        reachable.set(0);
        while (!stack.isEmpty()) {
            int node = stack.peek();
            int[] children = children(node);
            if (nextChild[node] < children.length) {
                int child = children[nextChild[node]++];
                if (!reachable.get(child)) {
                    reachable.set(child);
                    stack.push(child);
                }
            } else {
                postorder.add(stack.pop());
            }
        }
        int[] order = new int[postorder.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = postorder.get(order.length - 1 - i);
        }
        return order;
    }

    private int[] children(int node) {
        int[] all = Arrays.copyOf(successors[node], successors[node].length + handlers[node].length);
        System.arraycopy(handlers[node], 0, all, successors[node].length, handlers[node].length);
        return all;
    }
}
