package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code monitorenter} / {@code monitorexit}: the hook is the scheduling point, then the JVM
 * instruction runs (it never blocks, since the runtime lets only the thread it chose proceed).
 */
final class MonitorVisitor extends MethodVisitor {
    private final MethodContext ctx;

    MonitorVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitInsn(int opcode) {
        switch (opcode) {
            case Opcodes.MONITORENTER -> enter(mv, ctx.location());
            case Opcodes.MONITOREXIT -> exit(mv, ctx.location());
            default -> super.visitInsn(opcode);
        }
    }

    /** Stack: the monitor. Enters it. */
    static void enter(MethodVisitor mv, int loc) {
        mv.visitInsn(Opcodes.DUP);
        Emit.push(mv, loc);
        Emit.hook(mv, "monitorEnter", "(Ljava/lang/Object;I)V");
        mv.visitInsn(Opcodes.MONITORENTER);
    }

    /** Stack: the monitor. Leaves it. */
    static void exit(MethodVisitor mv, int loc) {
        mv.visitInsn(Opcodes.DUP);
        Emit.push(mv, loc);
        Emit.support(mv, "monitorExit", "(Ljava/lang/Object;I)V");
        mv.visitInsn(Opcodes.MONITOREXIT);
    }
}
