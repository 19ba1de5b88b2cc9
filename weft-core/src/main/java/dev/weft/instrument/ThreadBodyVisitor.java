package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** {@code run()} of a program subclass of {@code Thread}: tells the runtime where the thread's body begins and ends. */
final class ThreadBodyVisitor extends MethodBodyWrapper {
    private int began;

    ThreadBodyVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    void enter() {
        began = ctx.methodLocal(Type.BOOLEAN_TYPE);
        Emit.hook(mv, "threadBodyEnter", "()Z");
        mv.visitVarInsn(Opcodes.ISTORE, began);
    }

    @Override
    void exit() {
        mv.visitVarInsn(Opcodes.ILOAD, began);
        mv.visitInsn(Opcodes.ACONST_NULL);
        Emit.hook(mv, "threadBodyExit", "(ZLjava/lang/Throwable;)V");
    }

    @Override
    void exitExceptionally(int failure) {
        mv.visitVarInsn(Opcodes.ILOAD, began);
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        Emit.hook(mv, "threadBodyExit", "(ZLjava/lang/Throwable;)V");
    }
}
