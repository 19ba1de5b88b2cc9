package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Sends the program's calls whose JDK code would run on the JDK's own {@code ForkJoinPool}, outside
 * Weft, to Weft's models: {@code ForkJoinTask}'s final methods (fork, join, invoke, invokeAll, get, ...)
 * to {@code ModelledForkJoinTasks}, {@code CountedCompleter}'s (tryComplete, the pending count, ...) to
 * {@code ModelledCountedCompleters}, {@code parallelStream()} and a stream's {@code parallel()} to
 * {@code ModelledParallelStream}, the receiver first. Any other method of a fork/join task that reaches
 * JDK code is refused ({@link UnsupportedCallVisitor}).
 */
final class ForkJoinCallVisitor extends JdkCallVisitor {
    private static final String TASK = "java/util/concurrent/ForkJoinTask";
    private static final String TASKS = "dev/weft/modelled/ModelledForkJoinTasks";
    private static final String STREAMS = "dev/weft/modelled/ModelledParallelStream";
    private static final Set<String> STREAM_TYPES = Set.of("java/util/stream/BaseStream", "java/util/stream/Stream",
            "java/util/stream/IntStream", "java/util/stream/LongStream", "java/util/stream/DoubleStream");
    private static final Set<String> METHODS = Set.of("fork", "join", "invoke", "invokeAll", "get", "isDone",
            "isCompletedNormally", "isCompletedAbnormally", "getException", "getRawResult", "quietlyComplete");
    private static final String COMPLETER = "java/util/concurrent/CountedCompleter";
    private static final String COMPLETERS = "dev/weft/modelled/ModelledCountedCompleters";
    /** CountedCompleter's final methods. */
    private static final Set<String> COMPLETER_METHODS = Set.of("getCompleter", "getPendingCount", "setPendingCount",
            "addToPendingCount", "compareAndSetPendingCount", "decrementPendingCountUnlessZero", "getRoot", "tryComplete",
            "propagateCompletion", "firstComplete", "nextComplete", "quietlyCompleteRoot", "helpComplete");

    ForkJoinCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    boolean intercept(Call call) {
        if (call.declaring().equals("java/util/Collection") && call.method().equals("parallelStream()Ljava/util/stream/Stream;")) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, STREAMS, "parallelStream", "(Ljava/util/Collection;)Ljava/util/stream/Stream;", false);
            return true;
        }
        if (STREAM_TYPES.contains(call.declaring()) && call.name().equals("parallel") && call.descriptor().startsWith("()")) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, STREAMS, "parallel", "(Ljava/util/stream/BaseStream;)Ljava/util/stream/BaseStream;", false);
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getReturnType(call.descriptor()).getInternalName());
            return true;
        }
        if (call.declaring().equals(TASK) && METHODS.contains(call.name())) {
            toStatic(call, TASK, TASKS);
            return true;
        }
        if (call.declaring().equals(COMPLETER) && COMPLETER_METHODS.contains(call.name())) {
            toStatic(call, COMPLETER, COMPLETERS);
            return true;
        }
        return false;
    }

    /** The call as a call of the static method of the same name in {@code models}, the receiver (of type {@code type}) first. */
    private void toStatic(Call call, String type, String models) {
        String descriptor = call.opcode() == Opcodes.INVOKESTATIC ? call.descriptor() : "(L" + type + ";" + call.descriptor().substring(1);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, models, call.name(), descriptor, false);
    }
}
