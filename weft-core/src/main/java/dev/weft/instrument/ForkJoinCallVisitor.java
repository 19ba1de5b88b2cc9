package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Sends the program's calls of {@code ForkJoinTask}'s final methods (fork, join, invoke, invokeAll,
 * get, ...) to {@code dev.weft.modelled.ModelledForkJoinTasks}, the receiver first: the JDK's code of
 * them would run the task on the JDK's own pool, outside Weft. Any other method of a fork/join task
 * that reaches JDK code is refused ({@link UnsupportedCallVisitor}).
 */
final class ForkJoinCallVisitor extends JdkCallVisitor {
    private static final String TASK = "java/util/concurrent/ForkJoinTask";
    private static final String TASKS = "dev/weft/modelled/ModelledForkJoinTasks";
    private static final Set<String> METHODS = Set.of("fork", "join", "invoke", "invokeAll", "get", "isDone",
            "isCompletedNormally", "isCompletedAbnormally", "getException", "getRawResult");

    ForkJoinCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    boolean intercept(Call call) {
        if (!call.declaring().equals(TASK) || !METHODS.contains(call.name())) {
            return false;
        }
        String descriptor = call.opcode() == Opcodes.INVOKESTATIC ? call.descriptor() : "(L" + TASK + ";" + call.descriptor().substring(1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, TASKS, call.name(), descriptor, false);
        return true;
    }
}
