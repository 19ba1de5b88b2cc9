package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;

/**
 * JDK APIs Weft cannot control: they block or start threads inside the JDK, where no hook sees them
 * (so a run would hang or escape the scheduler), or they read memory behind Weft's back. Reaching
 * one stops the run with {@code unsupported}.
 *
 * <p>Executors, futures and latches are the exception where Weft models them ({@code dev.weft.modelled},
 * see {@link ModelSubstitutionVisitor}) or the program implements them: a call on one of those types
 * runs when it reaches a model's or the program's code and stops the run only when it would reach the
 * JDK's (a method the models do not override, a fork/join task that is not a RecursiveTask, RecursiveAction or CountedCompleter).
 */
final class UnsupportedCallVisitor extends JdkCallVisitor {
    private static final String CONCURRENT = "java/util/concurrent/";
    private static final Set<String> CLASSES = Set.of(
            CONCURRENT + "Executors", CONCURRENT + "ThreadLocalRandom",
            "jdk/internal/misc/Unsafe", "java/util/Timer", "java/lang/ProcessBuilder",
            "java/net/Socket", "java/net/ServerSocket", "java/net/DatagramSocket");
    private static final Set<String> MODELLED_OR_PROGRAM = Set.of(
            CONCURRENT + "Executor", CONCURRENT + "ExecutorService", CONCURRENT + "AbstractExecutorService",
            CONCURRENT + "ThreadPoolExecutor", CONCURRENT + "Future", CONCURRENT + "RunnableFuture",
            CONCURRENT + "FutureTask", CONCURRENT + "CountDownLatch", CONCURRENT + "CompletableFuture", CONCURRENT + "CompletionStage",
            CONCURRENT + "ForkJoinPool", CONCURRENT + "ForkJoinTask", CONCURRENT + "RecursiveTask", CONCURRENT + "RecursiveAction",
            CONCURRENT + "ScheduledExecutorService", CONCURRENT + "ScheduledThreadPoolExecutor", CONCURRENT + "ScheduledFuture",
            CONCURRENT + "RunnableScheduledFuture", CONCURRENT + "Delayed",
            CONCURRENT + "CompletionService", CONCURRENT + "ExecutorCompletionService", CONCURRENT + "CountedCompleter");
    private static final Set<String> METHODS = Set.of(
            "java/lang/Runtime.exec",
            "java/lang/Runtime.addShutdownHook", "java/lang/System.console",
            "java/lang/System.inheritedChannel");

    UnsupportedCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    boolean intercept(Call call) {
        if (MODELLED_OR_PROGRAM.contains(call.declaring())) {
            replace(call, () -> unsupported(call));
            return true;
        }
        if (!CLASSES.contains(call.declaring()) && !METHODS.contains(call.declaring() + "." + call.name())) {
            return false;
        }
        unsupported(call);
        return true;
    }
}
