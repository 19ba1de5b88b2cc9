package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** A static initialiser: records that the class initialised (for static state) and brackets it with classInitEnter and classInitExit (or classInitFailed). */
final class ClassInitVisitor extends MethodBodyWrapper {

    ClassInitVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    void enter() {
        recordInitialized(mv, ctx.owner);
        Emit.hook(mv, "classInitEnter", "()V");
    }

    @Override
    void exit() {
        Emit.hook(mv, "classInitExit", "()V");
    }

    @Override
    void exitExceptionally(int failure) {
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        Emit.hook(mv, "classInitFailed", "(Ljava/lang/Throwable;)V");
    }

    static void recordInitialized(MethodVisitor mv, String owner) {
        mv.visitLdcInsn(Type.getObjectType(owner));
        Emit.support(mv, "initialized", "(Ljava/lang/Class;)V");
    }
}
