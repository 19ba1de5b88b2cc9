package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A static initialiser: marks its class's loader as the program's when it starts and, when it returns,
 * records that the class is initialised (only such classes' static state is read after a run). A
 * modelled initialiser ({@link ClassFacts}) also tells the runtime when it starts and ends (normally or by
 * an exception, see the runtime's {@code ClassInits}). Other initialisers call no hook that could wait for
 * the scheduler's turn: they may run in a parent thread that goes on after {@code Thread.start} while its
 * child has the turn, and a wait there, holding the JVM's initialisation lock, would hang a child that needs
 * the class.
 */
final class ClassInitVisitor extends MethodBodyWrapper {
    private final boolean modelled;

    ClassInitVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
        this.modelled = ctx.facts.initialiser(ctx.owner) == ClassFacts.Initialiser.MODELLED;
    }

    @Override
    void enter() {
        enter(mv, ctx.owner, modelled, ctx.entryLocation());
    }

    @Override
    void exit() {
        exit(mv, ctx.owner, modelled, ctx.location());
    }

    @Override
    void exitExceptionally(int failure) {
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        Emit.hook(mv, "classInitFailed", "(Ljava/lang/Throwable;)V");
        if (modelled) {
            hookExit(mv, ctx.owner, true, ctx.entryLocation());
        }
    }

    /** The code a static initialiser starts with. */
    private static void enter(MethodVisitor mv, String owner, boolean modelled, int loc) {
        mv.visitLdcInsn(Type.getObjectType(owner));
        Emit.support(mv, "initializing", "(Ljava/lang/Class;)V");
        if (modelled) {
            mv.visitLdcInsn(Type.getObjectType(owner));
            Emit.push(mv, loc);
            Emit.hook(mv, "classInitEnter", "(Ljava/lang/Class;I)V");
        }
    }

    /** The code before a static initialiser's return. */
    private static void exit(MethodVisitor mv, String owner, boolean modelled, int loc) {
        if (modelled) {
            hookExit(mv, owner, false, loc);
        }
        mv.visitLdcInsn(Type.getObjectType(owner));
        Emit.support(mv, "initialized", "(Ljava/lang/Class;)V");
    }

    private static void hookExit(MethodVisitor mv, String owner, boolean failed, int loc) {
        mv.visitLdcInsn(Type.getObjectType(owner));
        Emit.push(mv, failed);
        Emit.push(mv, loc);
        Emit.hook(mv, "classInitExit", "(Ljava/lang/Class;ZI)V");
    }

    /** A static initialiser for a class that has none, so that the class's loader and initialisation are recorded. */
    static void writeEmpty(MethodVisitor init, String owner) {
        init.visitCode();
        enter(init, owner, false, -1);
        exit(init, owner, false, -1);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
    }
}
