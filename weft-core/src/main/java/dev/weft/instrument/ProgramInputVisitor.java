package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Calls of {@code dev.weft.Weft} (program inputs and assumptions) go to the run, which chooses and
 * records each input's value and ends a run whose assumption fails: the same hook with the call's
 * arguments and the call site's location added.
 */
final class ProgramInputVisitor extends MethodVisitor {
    static final String API = "dev/weft/Weft";

    private final MethodContext ctx;

    ProgramInputVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode != Opcodes.INVOKESTATIC || !owner.equals(API) || !hooked(name, descriptor)) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        Emit.push(mv, ctx.location());
        Emit.hook(mv, name, descriptor.replace(")", "I)"));
    }

    private static boolean hooked(String name, String descriptor) {
        return switch (name + descriptor) {
            case "input(Ljava/lang/String;II)I", "input(Ljava/lang/String;JJ)J", "inputBoolean(Ljava/lang/String;)Z",
                 "assume(Z)V" -> true;
            default -> false;
        };
    }
}
