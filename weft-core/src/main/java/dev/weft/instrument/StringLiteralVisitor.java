package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Notes the program's string literals ({@code dev.weft.trace.Symbols#literal}). The JVM hands every run the same instance of
 * a literal, whichever thread meets it first, so the runtime names it by its text rather than by that thread.
 */
final class StringLiteralVisitor extends MethodVisitor {
    private final MethodContext ctx;

    StringLiteralVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitLdcInsn(Object value) {
        if (value instanceof String text) {
            ctx.symbols.literal(text);
        }
        super.visitLdcInsn(value);
    }
}
