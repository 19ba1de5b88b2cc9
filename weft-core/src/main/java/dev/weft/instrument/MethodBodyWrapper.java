package dev.weft.instrument;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Puts code around a whole method body: {@link #enter} at the start, {@link #exit} before every
 * return, and {@link #exitExceptionally} in a catch-all handler (listed after the method's own
 * handlers) that then rethrows.
 */
abstract class MethodBodyWrapper extends MethodVisitor {
    protected final MethodContext ctx;
    private final Label bodyStart = new Label();

    MethodBodyWrapper(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        enter();
        mv.visitLabel(bodyStart);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
            exit();
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        Label bodyEnd = new Label();
        Label handler = new Label();
        Label handlerEnd = new Label();
        mv.visitLabel(bodyEnd);
        mv.visitLabel(handler);
        int failure = ctx.scratchLocal(Type.getType(Throwable.class));
        mv.visitVarInsn(Opcodes.ASTORE, failure);
        exitExceptionally(failure);
        mv.visitLabel(handlerEnd);
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitTryCatchBlock(bodyStart, handlerCoversItself() ? handlerEnd : bodyEnd, handler, null);
        super.visitMaxs(maxStack, maxLocals);
    }

    /** Code at the start of the method. */
    abstract void enter();

    /** Code before each return (the return value, if any, is on the stack). */
    abstract void exit();

    /** Code in the handler; {@code failure} is the local holding the exception. */
    abstract void exitExceptionally(int failure);

    /** True to retry the handler if it throws itself, as javac does for synchronized blocks. */
    boolean handlerCoversItself() {
        return false;
    }
}
