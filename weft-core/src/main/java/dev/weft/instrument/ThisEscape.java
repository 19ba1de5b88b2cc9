package dev.weft.instrument;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Whether a constructor lets {@code this} escape before it returns, followed through locals, the operand
 * stack and every path of the constructor's code: the only uses that keep it are field reads and writes on
 * the object itself, locking it, and being the object its
 * super or this constructor call initialises. Any other use is an escape, for another thread may then
 * reach the object while the constructor still runs.
 */
final class ThisEscape extends Interpreter<ThisEscape.Slot> {

    /** A value in a local or on the stack: the constructor's {@code this}, or anything else of a size. */
    record Slot(boolean isThis, int size) implements Value {
        static final Slot THIS = new Slot(true, 1);
        static final Slot OTHER = new Slot(false, 1);
        static final Slot WIDE = new Slot(false, 2);

        @Override
        public int getSize() {
            return size;
        }
    }

    private boolean escapes;

    private ThisEscape() {
        super(Opcodes.ASM9);
    }

    /** Whether {@code constructor} of {@code owner} may let {@code this} escape (true when its code cannot be analysed). */
    static boolean escapes(String owner, MethodNode constructor) {
        ThisEscape tracker = new ThisEscape();
        try {
            new Analyzer<>(tracker).analyze(owner, constructor);
        } catch (AnalyzerException e) {
            return true;
        }
        return tracker.escapes;
    }

    private Slot seen(Slot value) {
        if (value != null && value.isThis()) {
            escapes = true;
        }
        return value;
    }

    private static Slot of(Type type) {
        return type != null && type.getSize() == 2 ? Slot.WIDE : Slot.OTHER;
    }

    @Override
    public Slot newValue(Type type) {
        return type == Type.VOID_TYPE ? null : of(type);
    }

    @Override
    public Slot newParameterValue(boolean isInstanceMethod, int local, Type type) {
        return isInstanceMethod && local == 0 ? Slot.THIS : of(type);
    }

    @Override
    public Slot newOperation(AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> Slot.WIDE;
            case Opcodes.LDC -> of(constantType(((LdcInsnNode) insn).cst));
            case Opcodes.GETSTATIC -> of(Type.getType(((FieldInsnNode) insn).desc));
            default -> Slot.OTHER;
        };
    }

    private static Type constantType(Object constant) {
        return constant instanceof Long ? Type.LONG_TYPE : constant instanceof Double ? Type.DOUBLE_TYPE : null;
    }

    @Override
    public Slot copyOperation(AbstractInsnNode insn, Slot value) {
        return value;
    }

    @Override
    public Slot unaryOperation(AbstractInsnNode insn, Slot value) {
        return switch (insn.getOpcode()) {
            case Opcodes.CHECKCAST -> value;
            case Opcodes.GETFIELD -> of(Type.getType(((FieldInsnNode) insn).desc));
            case Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.IFNULL, Opcodes.IFNONNULL, Opcodes.INSTANCEOF -> Slot.OTHER;
            case Opcodes.PUTSTATIC, Opcodes.ATHROW -> seen(value);
            case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D, Opcodes.D2L -> Slot.WIDE;
            default -> Slot.OTHER;
        };
    }

    @Override
    public Slot binaryOperation(AbstractInsnNode insn, Slot first, Slot second) {
        if (insn.getOpcode() == Opcodes.PUTFIELD) {
            seen(second); // stored anywhere, even into its own field: a later read of that field is not followed
            return null;
        }
        return switch (insn.getOpcode()) {
            case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB, Opcodes.LMUL, Opcodes.DMUL,
                 Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND,
                 Opcodes.LOR, Opcodes.LXOR -> Slot.WIDE;
            default -> Slot.OTHER;
        };
    }

    @Override
    public Slot ternaryOperation(AbstractInsnNode insn, Slot array, Slot index, Slot value) {
        seen(value); // AASTORE: into an array another thread may read
        return null;
    }

    @Override
    public Slot naryOperation(AbstractInsnNode insn, List<? extends Slot> values) {
        boolean initialisesThis = insn instanceof MethodInsnNode call && call.name.equals("<init>")
                && call.getOpcode() == Opcodes.INVOKESPECIAL && !values.isEmpty() && values.get(0).isThis();
        for (int i = initialisesThis ? 1 : 0; i < values.size(); i++) {
            seen(values.get(i));
        }
        Type result = insn instanceof MethodInsnNode call ? Type.getReturnType(call.desc)
                : insn instanceof InvokeDynamicInsnNode indy ? Type.getReturnType(indy.desc)
                : null;
        return result == null ? Slot.OTHER : newValue(result);
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, Slot value, Slot expected) {
        seen(value);
    }

    @Override
    public Slot merge(Slot a, Slot b) {
        return a.isThis() || !b.isThis() ? a : b;
    }
}
