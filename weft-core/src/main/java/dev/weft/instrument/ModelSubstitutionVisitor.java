package dev.weft.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes the program use Weft's models ({@code dev.weft.modelled}) where it would create a JDK thread
 * pool (scheduled ones too), FutureTask, CountDownLatch, CompletableFuture, ForkJoinPool or ExecutorCompletionService: {@code new} of such a JDK class
 * makes its model (a subclass with the same constructors), and the modelled static factories
 * (the {@code Executors} factories, {@code CompletableFuture.supplyAsync} and its kin, {@code ForkJoinPool.commonPool})
 * are called on the models (same names and signatures). A program class's own {@code super(...)} call
 * to such a class stays as written: the subclass remains the JDK class's, and calls that would reach
 * the JDK's code stop the run as unsupported. {@code RecursiveTask}, {@code RecursiveAction} and
 * {@code CountedCompleter} are the exception: a program subclass of one extends its model instead ({@link #superclass}).
 */
final class ModelSubstitutionVisitor extends MethodVisitor {
    private static final String CONCURRENT = "java/util/concurrent/";
    private static final String MODELLED = "dev/weft/modelled/";
    private static final Map<String, String> MODELS = Map.of(
            CONCURRENT + "FutureTask", MODELLED + "ModelledFutureTask",
            CONCURRENT + "ThreadPoolExecutor", MODELLED + "ModelledThreadPoolExecutor",
            CONCURRENT + "CountDownLatch", MODELLED + "ModelledCountDownLatch",
            CONCURRENT + "CompletableFuture", MODELLED + "ModelledCompletableFuture",
            CONCURRENT + "ForkJoinPool", MODELLED + "ModelledForkJoinPool",
            CONCURRENT + "ScheduledThreadPoolExecutor", MODELLED + "ModelledScheduledThreadPoolExecutor",
            CONCURRENT + "ExecutorCompletionService", MODELLED + "ModelledExecutorCompletionService");
    /** JDK superclasses of program classes replaced by their models (see {@link #superclass}). */
    private static final Map<String, String> SUPERCLASSES = Map.of(
            CONCURRENT + "RecursiveTask", MODELLED + "ModelledRecursiveTask",
            CONCURRENT + "RecursiveAction", MODELLED + "ModelledRecursiveAction",
            CONCURRENT + "CountedCompleter", MODELLED + "ModelledCountedCompleter");
    /** Static methods of JDK classes that the models have with the same name and descriptor, by JDK class. */
    private static final Map<String, Set<String>> STATICS = Map.of(
            CONCURRENT + "CompletableFuture", Set.of(
                    "supplyAsync(Ljava/util/function/Supplier;)Ljava/util/concurrent/CompletableFuture;",
                    "supplyAsync(Ljava/util/function/Supplier;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;",
                    "runAsync(Ljava/lang/Runnable;)Ljava/util/concurrent/CompletableFuture;",
                    "runAsync(Ljava/lang/Runnable;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/CompletableFuture;",
                    "completedFuture(Ljava/lang/Object;)Ljava/util/concurrent/CompletableFuture;",
                    "failedFuture(Ljava/lang/Throwable;)Ljava/util/concurrent/CompletableFuture;",
                    "allOf([Ljava/util/concurrent/CompletableFuture;)Ljava/util/concurrent/CompletableFuture;",
                    "anyOf([Ljava/util/concurrent/CompletableFuture;)Ljava/util/concurrent/CompletableFuture;",
                    "delayedExecutor(JLjava/util/concurrent/TimeUnit;)Ljava/util/concurrent/Executor;",
                    "delayedExecutor(JLjava/util/concurrent/TimeUnit;Ljava/util/concurrent/Executor;)Ljava/util/concurrent/Executor;"),
            CONCURRENT + "ForkJoinPool", Set.of("commonPool()Ljava/util/concurrent/ForkJoinPool;", "getCommonPoolParallelism()I"));
    private static final String EXECUTORS = CONCURRENT + "Executors";
    private static final String MODELLED_EXECUTORS = MODELLED + "ModelledExecutors";
    private static final String POOL = ")Ljava/util/concurrent/ExecutorService;";
    private static final String FACTORY = "Ljava/util/concurrent/ThreadFactory;";
    private static final String SCHEDULED = ")Ljava/util/concurrent/ScheduledExecutorService;";
    private static final Set<String> FACTORIES = Set.of(
            "newFixedThreadPool(I" + POOL, "newFixedThreadPool(I" + FACTORY + POOL,
            "newSingleThreadExecutor(" + POOL, "newSingleThreadExecutor(" + FACTORY + POOL,
            "newCachedThreadPool(" + POOL, "newCachedThreadPool(" + FACTORY + POOL,
            "newScheduledThreadPool(I" + SCHEDULED, "newScheduledThreadPool(I" + FACTORY + SCHEDULED,
            "newSingleThreadScheduledExecutor(" + SCHEDULED, "newSingleThreadScheduledExecutor(" + FACTORY + SCHEDULED,
            "defaultThreadFactory()" + FACTORY,
            "callable(Ljava/lang/Runnable;)Ljava/util/concurrent/Callable;",
            "callable(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/Callable;");

    /** The classes of the {@code new}s whose constructor call is still to come, innermost last. */
    private final List<String> unconstructed = new ArrayList<>();

    /**
     * The superclass a program class gets: its model for {@code RecursiveTask}, {@code RecursiveAction} and {@code CountedCompleter},
     * whose final methods (fork, join) the JDK runs on its own pool (see {@link ForkJoinCallVisitor}).
     */
    static String superclass(String superName) {
        return superName == null ? null : SUPERCLASSES.getOrDefault(superName, superName);
    }

    ModelSubstitutionVisitor(MethodVisitor next) {
        super(Opcodes.ASM9, next);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == Opcodes.NEW) {
            unconstructed.add(type);
            type = MODELS.getOrDefault(type, type);
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>") && !unconstructed.isEmpty()
                && unconstructed.get(unconstructed.size() - 1).equals(owner)) {
            unconstructed.remove(unconstructed.size() - 1);
            owner = MODELS.getOrDefault(owner, owner);
        } else if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>")) {
            owner = SUPERCLASSES.getOrDefault(owner, owner); // the super(...) call of a class whose superclass is replaced
        } else if (opcode == Opcodes.INVOKESTATIC && owner.equals(EXECUTORS) && FACTORIES.contains(name + descriptor)) {
            owner = MODELLED_EXECUTORS;
        } else if (opcode == Opcodes.INVOKESTATIC && STATICS.getOrDefault(owner, Set.of()).contains(name + descriptor)) {
            owner = MODELS.get(owner);
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
}
