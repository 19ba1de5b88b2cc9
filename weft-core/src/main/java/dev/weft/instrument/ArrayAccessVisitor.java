package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Array element reads and writes, every element type. */
final class ArrayAccessVisitor extends MethodVisitor {
    private final MethodContext ctx;

    ArrayAccessVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitInsn(int opcode) {
        switch (opcode) {
            case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD -> load(opcode);
            case Opcodes.IASTORE, Opcodes.LASTORE, Opcodes.FASTORE, Opcodes.DASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE, Opcodes.SASTORE -> store(opcode);
            default -> super.visitInsn(opcode);
        }
    }

    private void load(int opcode) {
        Type element = elementType(opcode, 1);
        mv.visitInsn(Opcodes.DUP2);
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "beforeArrayLoad", "(Ljava/lang/Object;II)V");
        super.visitInsn(opcode);
        Emit.afterLoad(mv, element);
    }

    private void store(int opcode) {
        Type value = valueType(opcode);
        Type element = elementType(opcode, 1 + value.getSize());
        int slot = ctx.scratchLocal(value);
        mv.visitVarInsn(value.getOpcode(Opcodes.ISTORE), slot);
        mv.visitInsn(Opcodes.DUP2);
        mv.visitVarInsn(value.getOpcode(Opcodes.ILOAD), slot);
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "arrayStore", Type.getMethodDescriptor(Type.VOID_TYPE, Type.getType(Object.class), Type.INT_TYPE,
                Emit.hookType(element), Type.INT_TYPE));
        mv.visitVarInsn(value.getOpcode(Opcodes.ILOAD), slot);
        super.visitInsn(opcode);
    }

    /** The type a store instruction takes from the stack. */
    private static Type valueType(int storeOpcode) {
        return switch (storeOpcode) {
            case Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.AASTORE -> Type.getType(Object.class);
            default -> Type.INT_TYPE;
        };
    }

    /**
     * The element type, from the array's type on the analyzer's stack where the opcode leaves it open
     * (byte or boolean for BALOAD, the class of reference elements); {@code arraySlot} = slots above the array.
     */
    private Type elementType(int opcode, int arraySlot) {
        Object array = ctx.stackEntry(arraySlot);
        Type known = array instanceof String name && name.startsWith("[") ? Type.getType(name.substring(1)) : null;
        return switch (opcode) {
            case Opcodes.IALOAD, Opcodes.IASTORE -> Type.INT_TYPE;
            case Opcodes.LALOAD, Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FALOAD, Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DALOAD, Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.CALOAD, Opcodes.CASTORE -> Type.CHAR_TYPE;
            case Opcodes.SALOAD, Opcodes.SASTORE -> Type.SHORT_TYPE;
            case Opcodes.BALOAD, Opcodes.BASTORE -> known != null && known.getSort() == Type.BOOLEAN ? Type.BOOLEAN_TYPE : Type.BYTE_TYPE;
            default -> known != null ? known : Type.getType(Object.class);
        };
    }
}
