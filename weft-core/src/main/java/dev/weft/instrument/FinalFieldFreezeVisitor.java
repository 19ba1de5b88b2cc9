package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The end of a constructor that writes final fields Weft instruments (those of a class whose
 * constructors may let {@code this} escape): JLS 17.5.1 freezes them there, so that a thread that gets the
 * object's reference after the constructor returned, even through a data race, sees their values. Under
 * PSO the runtime makes that a store-store fence; SC and TSO keep the order of stores anyway.
 */
final class FinalFieldFreezeVisitor extends MethodVisitor {
    private final MethodContext ctx;

    FinalFieldFreezeVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.RETURN) {
            Emit.push(mv, ctx.location());
            Emit.hook(mv, "finalFieldsFrozen", "(I)V");
        }
        super.visitInsn(opcode);
    }
}
