package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * JDK calls whose results differ between runs (identity hash codes, clocks, random seeds) go to the
 * runtime, which makes them a function of the run's schedule.
 */
final class DeterminismCallVisitor extends JdkCallVisitor {

    DeterminismCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    boolean intercept(Call call) {
        String key = call.declaring() + "." + call.method();
        switch (key) {
            case "java/lang/System.identityHashCode(Ljava/lang/Object;)I" -> Emit.support(mv, "identityHashCode", "(Ljava/lang/Object;)I");
            case "java/lang/Object.hashCode()I" -> {
                if (call.opcode() == Opcodes.INVOKESPECIAL) {
                    Emit.hook(mv, "objectHashCode", "(Ljava/lang/Object;)I");
                } else {
                    Emit.support(mv, "hashCode", "(Ljava/lang/Object;)I");
                }
            }
            case "java/lang/System.currentTimeMillis()J" -> Emit.hook(mv, "currentTimeMillis", "()J");
            case "java/lang/System.nanoTime()J" -> Emit.hook(mv, "nanoTime", "()J");
            case "java/lang/Math.random()D", "java/lang/StrictMath.random()D" -> Emit.hook(mv, "mathRandom", "()D");
            case "java/util/Random.<init>()V" -> {
                Emit.hook(mv, "randomSeed", "()J");
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/util/Random", "<init>", "(J)V", false);
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
