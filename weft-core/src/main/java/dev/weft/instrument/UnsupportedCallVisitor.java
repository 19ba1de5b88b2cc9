package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;

/**
 * JDK APIs Weft cannot control: they block or start threads inside the JDK, where no hook sees them
 * (so a run would hang or escape the scheduler), or they read memory behind Weft's back. Reaching
 * one stops the run with {@code unsupported}.
 */
final class UnsupportedCallVisitor extends JdkCallVisitor {
    private static final String CONCURRENT = "java/util/concurrent/";
    private static final Set<String> CLASSES = Set.of(
            CONCURRENT + "Semaphore", CONCURRENT + "CountDownLatch", CONCURRENT + "CyclicBarrier", CONCURRENT + "Phaser",
            CONCURRENT + "Exchanger", CONCURRENT + "BlockingQueue", CONCURRENT + "BlockingDeque", CONCURRENT + "TransferQueue",
            CONCURRENT + "ArrayBlockingQueue", CONCURRENT + "LinkedBlockingQueue", CONCURRENT + "LinkedBlockingDeque",
            CONCURRENT + "PriorityBlockingQueue", CONCURRENT + "DelayQueue", CONCURRENT + "SynchronousQueue",
            CONCURRENT + "LinkedTransferQueue", CONCURRENT + "Executor", CONCURRENT + "ExecutorService",
            CONCURRENT + "ScheduledExecutorService", CONCURRENT + "Executors", CONCURRENT + "AbstractExecutorService",
            CONCURRENT + "ThreadPoolExecutor", CONCURRENT + "ScheduledThreadPoolExecutor", CONCURRENT + "ForkJoinPool",
            CONCURRENT + "ForkJoinTask", CONCURRENT + "CompletableFuture", CONCURRENT + "Future", CONCURRENT + "FutureTask",
            CONCURRENT + "CompletionService", CONCURRENT + "ExecutorCompletionService", CONCURRENT + "ThreadLocalRandom",
            CONCURRENT + "locks/StampedLock", CONCURRENT + "locks/AbstractQueuedSynchronizer",
            CONCURRENT + "locks/AbstractQueuedLongSynchronizer",
            "sun/misc/Unsafe", "jdk/internal/misc/Unsafe", "java/util/Timer", "java/lang/ProcessBuilder",
            "java/net/Socket", "java/net/ServerSocket", "java/net/DatagramSocket");
    private static final Set<String> METHODS = Set.of(
            "java/util/Collection.parallelStream", "java/util/stream/BaseStream.parallel", "java/lang/Runtime.exec",
            "java/lang/Runtime.addShutdownHook");

    UnsupportedCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    @Override
    boolean intercept(Call call) {
        if (!CLASSES.contains(call.declaring()) && !METHODS.contains(call.declaring() + "." + call.name())) {
            return false;
        }
        unsupported(call);
        return true;
    }
}
