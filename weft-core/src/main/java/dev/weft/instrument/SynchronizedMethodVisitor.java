package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A synchronized method becomes a plain method whose body holds the monitor explicitly, as javac
 * compiles a synchronized block: the JVM would otherwise take the monitor before any hook could
 * make entering it a scheduling point.
 */
final class SynchronizedMethodVisitor extends MethodBodyWrapper {
    private int monitor;

    SynchronizedMethodVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    void enter() {
        monitor = ctx.methodLocal(Type.getType(Object.class));
        if (ctx.isStatic()) {
            mv.visitLdcInsn(Type.getObjectType(ctx.owner));
        } else {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
        }
        mv.visitVarInsn(Opcodes.ASTORE, monitor);
        mv.visitVarInsn(Opcodes.ALOAD, monitor);
        MonitorVisitor.enter(mv, ctx.entryLocation());
    }

    @Override
    void exit() {
        mv.visitVarInsn(Opcodes.ALOAD, monitor);
        MonitorVisitor.exit(mv, ctx.location());
    }

    @Override
    void exitExceptionally(int failure) {
        exit();
    }

    @Override
    boolean handlerCoversItself() {
        return true;
    }
}
