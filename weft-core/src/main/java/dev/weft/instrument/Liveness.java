package dev.weft.instrument;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Which local variables are live before each instruction of a {@link ControlFlow}: read on some path
 * from there before being written. A long or double occupies its slot and the next. Across an
 * exception edge a handler's live locals are live throughout the protected instruction, which can
 * only make more locals live than the exact answer (the safe direction here).
 */
final class Liveness {
    private final BitSet[] liveIn;

    Liveness(ControlFlow flow) {
        int n = flow.size();
        liveIn = new BitSet[n];
        for (int i = 0; i < n; i++) {
            liveIn[i] = new BitSet();
        }
        Deque<Integer> pending = new ArrayDeque<>();
        for (int i = n - 1; i >= 0; i--) {
            pending.add(i);
        }
        BitSet queued = new BitSet();
        queued.set(0, n);
        while (!pending.isEmpty()) {
            int i = pending.poll();
            queued.clear(i);
            BitSet in = liveOut(flow, i);
            AbstractInsnNode insn = flow.instructions[i];
            in.andNot(written(insn));
            in.or(read(insn));
            if (!in.equals(liveIn[i])) {
                liveIn[i] = in;
                for (int p : flow.predecessorsOf(i)) {
                    if (!queued.get(p)) {
                        queued.set(p);
                        pending.add(p);
                    }
                }
            }
        }
    }

    /** The locals live before instruction {@code i}. */
    BitSet liveBefore(int i) {
        return (BitSet) liveIn[i].clone();
    }

    private BitSet liveOut(ControlFlow flow, int i) {
        BitSet out = new BitSet();
        for (int s : flow.successors[i]) {
            out.or(liveIn[s]);
        }
        for (int h : flow.handlers[i]) {
            out.or(liveIn[h]);
        }
        return out;
    }

    /** The slots an instruction writes. */
    static BitSet written(AbstractInsnNode insn) {
        BitSet slots = new BitSet();
        if (insn instanceof VarInsnNode v && insn.getOpcode() >= Opcodes.ISTORE && insn.getOpcode() <= Opcodes.ASTORE) {
            slots.set(v.var, v.var + width(insn.getOpcode() - Opcodes.ISTORE));
        } else if (insn instanceof IincInsnNode iinc) {
            slots.set(iinc.var);
        }
        return slots;
    }

    private static BitSet read(AbstractInsnNode insn) {
        BitSet slots = new BitSet();
        if (insn instanceof VarInsnNode v && insn.getOpcode() >= Opcodes.ILOAD && insn.getOpcode() <= Opcodes.ALOAD) {
            slots.set(v.var, v.var + width(insn.getOpcode() - Opcodes.ILOAD));
        } else if (insn instanceof IincInsnNode iinc) {
            slots.set(iinc.var);
        }
        return slots;
    }

    /** Slots of the type at this offset from ILOAD/ISTORE: I, L, F, D, A. */
    private static int width(int typeOffset) {
        return typeOffset == 1 || typeOffset == 3 ? 2 : 1;
    }
}
