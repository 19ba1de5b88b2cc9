package dev.weft.instrument;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;

/**
 * Shadow (concolic) execution for Maximal Path Causality (docs/mpc.md): every instruction of a
 * program method is mirrored on a {@code runtime.symbolic.ShadowFrame} that keeps, per local and
 * operand stack slot, the expression of a value derived from the program's inputs and shared reads.
 * Conditional jumps on such values append their condition to the thread's path condition. What the
 * shadow does not model (see {@code Shadow.other}) is concretised and recorded, never dropped
 * silently. Only a check whose strategy needs path conditions instruments with it.
 *
 * <p>It must see the program's own instructions: it comes second in the chain, after {@link LoopVisitor},
 * whose calls of Weft's hooks it passes over (they use no value of the program's), and whose
 * locals lie beyond the frame's. The instructions the later visitors add implement the same operand
 * stack effects.
 */
final class SymbolicVisitor extends MethodVisitor {
    static final String SHADOW = "dev/weft/runtime/symbolic/Shadow";
    private static final String FRAME = "Ldev/weft/runtime/symbolic/ShadowFrame;";
    private static final String INPUT_API = "dev/weft/Weft";
    private static final String ARRAY_ELEMENT = "array element";
    /** The loop visitor's hooks (static). */
    private static final String WEFT_RUNTIME = "dev/weft/runtime/";

    private final AnalyzerAdapter analyzer;
    private final String method;
    private final int maxLocals;
    private final String sourceFile;
    /** The frame's local, then scratch locals for an input call's arguments (5 slots). */
    private final int frameSlot;
    private final Set<Label> handlers = new HashSet<>();
    private boolean atHandler;
    private int line = -1;

    /**
     * @param maxLocals  the method's own locals (the frame's slots mirror them)
     * @param firstFree  the first of 6 local slots no other code uses
     */
    SymbolicVisitor(MethodVisitor next, String owner, int access, String name, String descriptor, String sourceFile,
                    int maxLocals, int firstFree) {
        this(new AnalyzerAdapter(owner, access, name, descriptor, next), name + descriptor, sourceFile, maxLocals, firstFree);
    }

    /** For the transformer's chain, outermost: {@code maxLocals} of the method as the class file has it. */
    static SymbolicVisitor outermost(MethodVisitor next, MethodContext ctx, int maxLocals, String sourceFile) {
        int first = ctx.methodLocal(Type.getType(Object.class));
        ctx.methodLocal(Type.getType(Object.class));
        ctx.methodLocal(Type.LONG_TYPE);
        ctx.methodLocal(Type.LONG_TYPE);
        return new SymbolicVisitor(next, ctx.owner, ctx.access, ctx.name, ctx.descriptor, sourceFile, maxLocals, first);
    }

    private SymbolicVisitor(AnalyzerAdapter analyzer, String method, String sourceFile, int maxLocals, int firstFree) {
        super(Opcodes.ASM9, analyzer);
        this.analyzer = analyzer;
        this.method = method;
        this.sourceFile = sourceFile;
        this.maxLocals = maxLocals;
        this.frameSlot = firstFree;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        mv.visitLdcInsn(method);
        Emit.push(mv, maxLocals);
        shadow("enter", "(Ljava/lang/String;I)" + FRAME);
        mv.visitVarInsn(Opcodes.ASTORE, frameSlot);
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        handlers.add(handler);
        super.visitTryCatchBlock(start, end, handler, type);
    }

    @Override
    public void visitLabel(Label label) {
        super.visitLabel(label);
        atHandler |= handlers.contains(label);
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    /** Every instruction first: a handler's shadow stack is reset once its frame is known. */
    private boolean live() {
        if (analyzer.stack == null) {
            return false; // unreachable code: nothing to mirror
        }
        if (atHandler) {
            atHandler = false;
            frame();
            shadow("handler", "(" + FRAME + ")V");
        }
        return true;
    }

    @Override
    public void visitInsn(int opcode) {
        if (!live()) {
            super.visitInsn(opcode);
            return;
        }
        switch (opcode) {
            case Opcodes.IADD, Opcodes.ISUB, Opcodes.IMUL -> compute("iarith", "(II" + FRAME + "ILjava/lang/String;)I", opcode);
            case Opcodes.LADD, Opcodes.LSUB, Opcodes.LMUL -> compute("larith", "(JJ" + FRAME + "ILjava/lang/String;)J", opcode);
            case Opcodes.INEG -> convert("ineg", "(I" + FRAME + ")I");
            case Opcodes.LNEG -> convert("lneg", "(J" + FRAME + ")J");
            case Opcodes.I2L -> convert("i2l", "(I" + FRAME + ")J");
            case Opcodes.L2I -> convert("l2i", "(J" + FRAME + ")I");
            case Opcodes.LCMP -> convert("lcmp", "(JJ" + FRAME + ")I");
            case Opcodes.POP, Opcodes.POP2 -> {
                frame();
                Emit.push(mv, opcode == Opcodes.POP ? 1 : 2);
                shadow("discard", "(" + FRAME + "I)V");
                super.visitInsn(opcode);
            }
            case Opcodes.DUP, Opcodes.DUP_X1, Opcodes.DUP_X2, Opcodes.DUP2, Opcodes.DUP2_X1, Opcodes.DUP2_X2, Opcodes.SWAP -> {
                frame();
                Emit.push(mv, opcode);
                shadow("stack", "(" + FRAME + "I)V");
                super.visitInsn(opcode);
            }
            case Opcodes.IRETURN, Opcodes.LRETURN -> {
                frame();
                Emit.push(mv, opcode == Opcodes.IRETURN ? 1 : 2);
                shadow("ret", "(" + FRAME + "I)V");
                super.visitInsn(opcode);
            }
            case Opcodes.IALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD, Opcodes.LALOAD -> arrayLoad(opcode);
            case Opcodes.IASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE, Opcodes.LASTORE -> arrayStore(opcode);
            case Opcodes.ARETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.RETURN, Opcodes.ATHROW -> super.visitInsn(opcode);
            case Opcodes.NOP, Opcodes.MONITORENTER, Opcodes.MONITOREXIT, Opcodes.AASTORE, Opcodes.FASTORE, Opcodes.DASTORE ->
                    other(() -> super.visitInsn(opcode), false, describe(opcode));
            default -> other(() -> super.visitInsn(opcode), true, describe(opcode));
        }
    }

    /** A binary instruction done by the hook, which also builds the result's expression. */
    private void compute(String hook, String descriptor, int opcode) {
        frame();
        Emit.push(mv, opcode);
        mv.visitLdcInsn(location());
        shadow(hook, descriptor);
    }

    private void convert(String hook, String descriptor) {
        frame();
        shadow(hook, descriptor);
    }

    private void arrayLoad(int opcode) {
        element();
        emitOther(2, 0, "array index");
        super.visitInsn(opcode);
        read(opcode == Opcodes.LALOAD ? Type.LONG_TYPE : Type.INT_TYPE, ARRAY_ELEMENT);
    }

    /** [array, index, value]: the element is noted (the value waits in a scratch local meanwhile), then the write. */
    private void arrayStore(int opcode) {
        Type type = opcode == Opcodes.LASTORE ? Type.LONG_TYPE : Type.INT_TYPE;
        int scratch = frameSlot + 1;
        mv.visitVarInsn(type.getOpcode(Opcodes.ISTORE), scratch);
        element();
        mv.visitVarInsn(type.getOpcode(Opcodes.ILOAD), scratch);
        write(type);
        emitOther(2, 0, "array index");
        super.visitInsn(opcode);
        written(ARRAY_ELEMENT);
    }

    /** [array, index] stays; the shadow notes which element the access is about. */
    private void element() {
        mv.visitInsn(Opcodes.DUP2);
        frame();
        shadow("element", "(Ljava/lang/Object;I" + FRAME + ")V");
    }

    /** The receiver below the value on top ({@code valueSize} slots) is noted as the accessed object, and stays. */
    private void receiverBelow(int valueSize) {
        if (valueSize == 0) {
            mv.visitInsn(Opcodes.DUP);
        } else if (valueSize == 1) {
            mv.visitInsn(Opcodes.SWAP);
            mv.visitInsn(Opcodes.DUP_X1);
        } else {
            mv.visitInsn(Opcodes.DUP2_X1);
            mv.visitInsn(Opcodes.POP2);
            mv.visitInsn(Opcodes.DUP_X2);
        }
        frame();
        shadow("target", "(Ljava/lang/Object;" + FRAME + ")V");
    }

    private void written(String target) {
        frame();
        mv.visitLdcInsn(target);
        mv.visitLdcInsn(location());
        shadow("written", "(" + FRAME + "Ljava/lang/String;Ljava/lang/String;)V");
    }

    /** After a read of a shared int-like or long value (on the stack): it becomes a fresh symbol. */
    private void read(Type type, String target) {
        boolean wide = type.getSize() == 2;
        frame();
        mv.visitLdcInsn(target);
        mv.visitLdcInsn(location());
        shadow(wide ? "readJ" : "readI", wide ? "(J" + FRAME + "Ljava/lang/String;Ljava/lang/String;)J"
                : "(I" + FRAME + "Ljava/lang/String;Ljava/lang/String;)I");
    }

    /** Before a write of a shared int-like or long value (on top of the stack): its expression waits for the write. */
    private void write(Type type) {
        boolean wide = type.getSize() == 2;
        frame();
        shadow(wide ? "writeJ" : "writeI", wide ? "(J" + FRAME + ")J" : "(I" + FRAME + ")I");
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        if (!live()) {
            super.visitIntInsn(opcode, operand);
            return;
        }
        other(() -> super.visitIntInsn(opcode, operand), true, opcode == Opcodes.NEWARRAY ? "array length" : "constant");
        if (opcode == Opcodes.NEWARRAY) {
            mv.visitInsn(Opcodes.DUP);
            frame();
            shadow("fresh", "(Ljava/lang/Object;" + FRAME + ")V");
        }
    }

    @Override
    public void visitVarInsn(int opcode, int slot) {
        if (opcode == Opcodes.RET || !live()) {
            super.visitVarInsn(opcode, slot);
            return;
        }
        super.visitVarInsn(opcode, slot);
        boolean load = opcode >= Opcodes.ILOAD && opcode <= Opcodes.ALOAD;
        boolean wide = opcode == Opcodes.LLOAD || opcode == Opcodes.DLOAD || opcode == Opcodes.LSTORE || opcode == Opcodes.DSTORE;
        // the hook runs after the instruction, on the shadow alone: a load pushes, a store pops
        frame();
        Emit.push(mv, slot);
        Emit.push(mv, wide ? 2 : 1);
        shadow(load ? "load" : "store", "(" + FRAME + "II)V");
    }

    @Override
    public void visitIincInsn(int slot, int increment) {
        if (live()) {
            frame();
            Emit.push(mv, slot);
            Emit.push(mv, increment);
            shadow("iinc", "(" + FRAME + "II)V");
        }
        super.visitIincInsn(slot, increment);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        if (!live()) {
            super.visitJumpInsn(opcode, label);
            return;
        }
        if (opcode >= Opcodes.IFEQ && opcode <= Opcodes.IF_ICMPLE) {
            // the hook sees copies of the operands; the jump itself stays as it was, for the visitors after this one
            boolean two = opcode >= Opcodes.IF_ICMPEQ;
            mv.visitInsn(two ? Opcodes.DUP2 : Opcodes.DUP);
            frame();
            Emit.push(mv, opcode);
            mv.visitLdcInsn(location());
            shadow(two ? "if2" : "if1", "(" + (two ? "II" : "I") + FRAME + "ILjava/lang/String;)V");
            super.visitJumpInsn(opcode, label);
            return;
        }
        int pops = switch (opcode) {
            case Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE -> 2;
            case Opcodes.IFNULL, Opcodes.IFNONNULL -> 1;
            default -> 0;
        };
        if (pops > 0) {
            emitOther(pops, 0, "reference comparison");
        }
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        if (live()) {
            emitOther(1, 0, "switch");
        }
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        if (live()) {
            emitOther(1, 0, "switch");
        }
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        if (!live()) {
            super.visitFieldInsn(opcode, owner, name, descriptor);
            return;
        }
        Type type = Type.getType(descriptor);
        String target = owner.substring(owner.lastIndexOf('/') + 1) + "." + name;
        boolean integral = isIntegral(type);
        boolean instance = opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD;
        if (!integral) {
            boolean get = opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC;
            other(() -> super.visitFieldInsn(opcode, owner, name, descriptor), get, "field " + target);
            return;
        }
        boolean put = opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC;
        if (instance) {
            receiverBelow(put ? type.getSize() : 0);
        }
        if (put) {
            write(type);
        }
        if (instance) {
            emitOther(1, 0, "receiver");
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
        if (put) {
            written(target);
        } else {
            read(type, target);
        }
    }

    private static boolean isIntegral(Type type) {
        return switch (type.getSort()) {
            case Type.INT, Type.LONG, Type.BOOLEAN, Type.CHAR, Type.SHORT, Type.BYTE -> true;
            default -> false;
        };
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (!live()) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        if (owner.equals(INPUT_API) && name.startsWith("input")) {
            input(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int sizes = Type.getArgumentsAndReturnSizes(descriptor);
        if (owner.startsWith(WEFT_RUNTIME)) {
            frame();
            Emit.push(mv, (sizes >> 2) - 1);
            shadow("discard", "(" + FRAME + "I)V");
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if ((sizes & 3) > 0) {
                emitOther(0, sizes & 3, "hook result");
            }
            return;
        }
        int argSlots = (sizes >> 2) - (opcode == Opcodes.INVOKESTATIC ? 1 : 0);
        frame();
        Emit.push(mv, argSlots);
        mv.visitLdcInsn(name + descriptor);
        Emit.push(mv, mayCopyMemory(owner, name, descriptor));
        shadow("call", "(" + FRAME + "ILjava/lang/String;Z)V");
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        frame();
        Emit.push(mv, sizes & 3);
        mv.visitLdcInsn(location());
        shadow("returned", "(" + FRAME + "ILjava/lang/String;)V");
    }

    /**
     * Whether a callee the shadow may not see could read or copy program memory (System.arraycopy,
     * clone, reflection): it takes an array or an Object, or clones. A JDK exception's constructor
     * only makes a message of its argument.
     */
    private static boolean mayCopyMemory(String owner, String name, String descriptor) {
        boolean exception = name.equals("<init>") && owner.startsWith("java/lang/") && (owner.endsWith("Error") || owner.endsWith("Exception"));
        String parameters = descriptor.substring(0, descriptor.indexOf(')'));
        return !exception && (name.equals("clone") || parameters.contains("[") || parameters.contains("Ljava/lang/Object;"));
    }

    /** {@code Weft.input(name, min, max)} and {@code inputBoolean(name)}: the value becomes the input's symbol. */
    private void input(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Type[] args = Type.getArgumentTypes(descriptor);
        Type returned = Type.getReturnType(descriptor);
        boolean ranged = args.length == 3;
        int nameSlot = frameSlot + 1;
        if (ranged) {
            mv.visitVarInsn(args[2].getOpcode(Opcodes.ISTORE), nameSlot + 1 + args[1].getSize());
            mv.visitVarInsn(args[1].getOpcode(Opcodes.ISTORE), nameSlot + 1);
        }
        mv.visitVarInsn(Opcodes.ASTORE, nameSlot);
        mv.visitVarInsn(Opcodes.ALOAD, nameSlot);
        loadBound(ranged, args, nameSlot + 1, 0);
        loadBound(ranged, args, nameSlot + 1 + (ranged ? args[1].getSize() : 0), 1);
        frame();
        Emit.push(mv, ranged ? 1 + args[1].getSize() * 2 : 1);
        shadow("inputCall", "(Ljava/lang/String;JJ" + FRAME + "I)V");
        mv.visitVarInsn(Opcodes.ALOAD, nameSlot);
        if (ranged) {
            mv.visitVarInsn(args[1].getOpcode(Opcodes.ILOAD), nameSlot + 1);
            mv.visitVarInsn(args[2].getOpcode(Opcodes.ILOAD), nameSlot + 1 + args[1].getSize());
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        boolean wide = returned.getSize() == 2;
        frame();
        shadow(wide ? "inputJ" : "inputI", wide ? "(J" + FRAME + ")J" : "(I" + FRAME + ")I");
    }

    /** Pushes an input's bound as a long: the stored argument, or 0 / 1 for a boolean input. */
    private void loadBound(boolean ranged, Type[] args, int slot, int booleanBound) {
        if (!ranged) {
            mv.visitLdcInsn((long) booleanBound);
            return;
        }
        mv.visitVarInsn(args[1].getOpcode(Opcodes.ILOAD), slot);
        if (args[1].getSize() == 1) {
            mv.visitInsn(Opcodes.I2L);
        }
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        if (!live()) {
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
            return;
        }
        boolean returns = Type.getReturnType(descriptor).getSort() != Type.VOID;
        other(() -> super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments), returns, "argument of " + name + " (invokedynamic)");
    }

    @Override
    public void visitLdcInsn(Object value) {
        if (!live()) {
            super.visitLdcInsn(value);
            return;
        }
        other(() -> super.visitLdcInsn(value), true, "constant");
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (!live()) {
            super.visitTypeInsn(opcode, type);
            return;
        }
        other(() -> super.visitTypeInsn(opcode, type), true, opcode == Opcodes.ANEWARRAY ? "array length" : "type check");
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
        if (!live()) {
            super.visitMultiANewArrayInsn(descriptor, dimensions);
            return;
        }
        other(() -> super.visitMultiANewArrayInsn(descriptor, dimensions), true, "array length");
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        super.visitMaxs(maxStack + 8, Math.max(maxLocals, frameSlot + 6));
    }

    /**
     * An instruction the shadow does not model: after it, its operands' shadows are popped (a
     * symbolic one is recorded as concretised) and its result's pushed as concrete. The operand count
     * comes from the analyzer's stack before and after.
     */
    private void other(Runnable instruction, boolean producesValue, String what) {
        int before = analyzer.stack.size();
        instruction.run();
        List<Object> after = analyzer.stack;
        if (after == null) {
            return; // a throw: the frame's shadow is not used again on this path
        }
        int pushed = producesValue ? (after.get(after.size() - 1) == Opcodes.TOP ? 2 : 1) : 0;
        int popped = before - after.size() + pushed;
        if (popped > 0 || pushed > 0) {
            emitOther(popped, pushed, what);
        }
    }

    private void emitOther(int pops, int pushes, String what) {
        frame();
        Emit.push(mv, pops);
        Emit.push(mv, pushes);
        mv.visitLdcInsn(what);
        mv.visitLdcInsn(location());
        shadow("other", "(" + FRAME + "IILjava/lang/String;Ljava/lang/String;)V");
    }

    private void frame() {
        mv.visitVarInsn(Opcodes.ALOAD, frameSlot);
    }

    private void shadow(String hook, String descriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SHADOW, hook, descriptor, false);
    }

    private String location() {
        return (sourceFile != null ? sourceFile : method) + ":" + line;
    }

    private static String describe(int opcode) {
        if (opcode >= Opcodes.IDIV && opcode <= Opcodes.DREM) {
            return "division";
        }
        if (opcode >= Opcodes.ISHL && opcode <= Opcodes.LXOR) {
            return "bitwise operation";
        }
        if (opcode >= Opcodes.I2F && opcode <= Opcodes.I2S) {
            return "conversion";
        }
        if (opcode >= Opcodes.FCMPL && opcode <= Opcodes.DCMPG) {
            return "floating point comparison";
        }
        return "instruction";
    }
}
