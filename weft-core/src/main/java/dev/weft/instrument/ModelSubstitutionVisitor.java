package dev.weft.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes the program use Weft's models ({@code dev.weft.modelled}) where it would create a JDK thread
 * pool, FutureTask or CountDownLatch: {@code new} of such a JDK class makes its model (a subclass with
 * the same constructors), and the modelled {@code Executors} factories are called on
 * {@code ModelledExecutors} (same names and signatures). A program class's own {@code super(...)} call
 * to such a class stays as written: the subclass remains the JDK class's, and calls that would reach
 * the JDK's code stop the run as unsupported.
 */
final class ModelSubstitutionVisitor extends MethodVisitor {
    private static final String CONCURRENT = "java/util/concurrent/";
    private static final String MODELLED = "dev/weft/modelled/";
    private static final Map<String, String> MODELS = Map.of(
            CONCURRENT + "FutureTask", MODELLED + "ModelledFutureTask",
            CONCURRENT + "ThreadPoolExecutor", MODELLED + "ModelledThreadPoolExecutor",
            CONCURRENT + "CountDownLatch", MODELLED + "ModelledCountDownLatch");
    private static final String EXECUTORS = CONCURRENT + "Executors";
    private static final String MODELLED_EXECUTORS = MODELLED + "ModelledExecutors";
    private static final String POOL = ")Ljava/util/concurrent/ExecutorService;";
    private static final String FACTORY = "Ljava/util/concurrent/ThreadFactory;";
    private static final Set<String> FACTORIES = Set.of(
            "newFixedThreadPool(I" + POOL, "newFixedThreadPool(I" + FACTORY + POOL,
            "newSingleThreadExecutor(" + POOL, "newSingleThreadExecutor(" + FACTORY + POOL,
            "newCachedThreadPool(" + POOL, "newCachedThreadPool(" + FACTORY + POOL,
            "defaultThreadFactory()" + FACTORY,
            "callable(Ljava/lang/Runnable;)Ljava/util/concurrent/Callable;",
            "callable(Ljava/lang/Runnable;Ljava/lang/Object;)Ljava/util/concurrent/Callable;");

    /** The classes of the {@code new}s whose constructor call is still to come, innermost last. */
    private final List<String> unconstructed = new ArrayList<>();

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
        } else if (opcode == Opcodes.INVOKESTATIC && owner.equals(EXECUTORS) && FACTORIES.contains(name + descriptor)) {
            owner = MODELLED_EXECUTORS;
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
}
