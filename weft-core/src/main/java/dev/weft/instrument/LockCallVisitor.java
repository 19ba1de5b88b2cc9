package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * {@code java.util.concurrent.locks}: ReentrantLock, ReentrantReadWriteLock and its views, the
 * Lock / ReadWriteLock / Condition interfaces (program implementations run as written) and
 * LockSupport. Any other method of these classes would bypass the runtime's model, so it stops the run.
 */
final class LockCallVisitor extends JdkCallVisitor {
    private static final String LOCKS = "java/util/concurrent/locks/";
    private static final Set<String> LOCKS_AND_VIEWS = Set.of(LOCKS + "ReentrantLock", LOCKS + "Lock",
            LOCKS + "ReentrantReadWriteLock$ReadLock", LOCKS + "ReentrantReadWriteLock$WriteLock");
    /**
     * The Condition interface and the JDK's class of it, AbstractQueuedSynchronizer's (and its long twin's) inner
     * ConditionObject, which a program's own synchronizer makes.
     */
    private static final Set<String> CONDITIONS = Set.of(LOCKS + "Condition", LOCKS + "AbstractQueuedSynchronizer$ConditionObject",
            LOCKS + "AbstractQueuedLongSynchronizer$ConditionObject");
    private static final Set<String> READ_WRITE_LOCKS = Set.of(LOCKS + "ReentrantReadWriteLock", LOCKS + "ReadWriteLock");
    private static final Set<String> HARMLESS = Set.of("isFair()Z", "toString()Ljava/lang/String;", "<init>()V", "<init>(Z)V");

    /**
     * The calls {@link #intercept} turns into the runtime's lock, condition and park events, which
     * record all they do; not {@code tryLock} and the queries, whose failure or answer no event records.
     */
    private static final Set<String> EVENTS = Set.of("lock()V", "lockInterruptibly()V", "unlock()V", "await()V",
            "awaitUninterruptibly()V", "await(JLjava/util/concurrent/TimeUnit;)Z", "awaitNanos(J)J", "awaitUntil(Ljava/util/Date;)Z",
            "signal()V", "signalAll()V");

    LockCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    /**
     * @param inJdk in JDK code (a blocking queue's or a barrier's lock and conditions): while on the program's behalf the
     *              calls are Weft's model of them, as the program's are; LockSupport is {@link JdkParkVisitor}'s there
     */
    LockCallVisitor(MethodVisitor next, MethodContext ctx, boolean inJdk) {
        super(next, ctx, inJdk);
    }

    /** Whether the call becomes one of the runtime's lock, condition or park events. */
    static boolean modelsAsEvent(Call call) {
        String declaring = call.declaring();
        if (declaring.equals(LOCKS + "LockSupport")) {
            return call.name().startsWith("park") || call.name().equals("unpark");
        }
        return (LOCKS_AND_VIEWS.contains(declaring) || CONDITIONS.contains(declaring)) && EVENTS.contains(call.method());
    }

    @Override
    boolean intercept(Call call) {
        String declaring = call.declaring();
        if (inJdk()) {
            return declaring.equals(LOCKS + "ReentrantLock") && lockCall(call) || declaring.equals(LOCKS + "Condition") && conditionCall(call);
        }
        boolean handled;
        if (LOCKS_AND_VIEWS.contains(declaring)) {
            handled = lockCall(call);
        } else if (READ_WRITE_LOCKS.contains(declaring)) {
            handled = viewCall(call);
        } else if (CONDITIONS.contains(declaring)) {
            handled = conditionCall(call);
        } else if (declaring.equals(LOCKS + "LockSupport")) {
            handled = lockSupportCall(call);
        } else {
            return false;
        }
        if (!handled && !HARMLESS.contains(call.method())) {
            unsupported(call);
            return true;
        }
        return handled;
    }

    /**
     * A program's condition call is Weft's model where the condition's lock is one Weft models; a condition of the program's
     * own synchronizer runs the JDK's code of AbstractQueuedSynchronizer's condition instead, instrumented (the call as
     * written, which {@link JdkObjectVisitor} brackets as a call on a JDK object), as the synchronizer's own calls do.
     */
    @Override
    String runtimeCheck(Call call) {
        return !inJdk() && CONDITIONS.contains(call.declaring()) ? "modelsCondition" : super.runtimeCheck(call);
    }

    private boolean lockCall(Call call) {
        switch (call.method()) {
            case "lock()V" -> replaceWithHook(call, "lock", "(Ljava/lang/Object;ZI)V", 0);
            case "lockInterruptibly()V" -> replaceWithHook(call, "lock", "(Ljava/lang/Object;ZI)V", 1);
            case "tryLock()Z" -> replaceWithHook(call, "tryLock", "(Ljava/lang/Object;I)Z");
            case "tryLock(JLjava/util/concurrent/TimeUnit;)Z" ->
                    replaceWithHook(call, "tryLock", "(Ljava/lang/Object;JLjava/util/concurrent/TimeUnit;I)Z");
            case "unlock()V" -> replaceWithHook(call, "unlock", "(Ljava/lang/Object;I)V");
            case "newCondition()Ljava/util/concurrent/locks/Condition;" ->
                    replaceWithHook(call, "newCondition", "(Ljava/lang/Object;I)Ljava/lang/Object;");
            case "isLocked()Z" -> replaceWithHook(call, "isLocked", "(Ljava/lang/Object;I)Z");
            case "isHeldByCurrentThread()Z" -> replaceWithHook(call, "isHeldByCurrentThread", "(Ljava/lang/Object;I)Z");
            case "getHoldCount()I" -> replaceWithHook(call, "getHoldCount", "(Ljava/lang/Object;I)I");
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean viewCall(Call call) {
        if (call.name().equals("readLock") || call.name().equals("writeLock")) {
            replaceWithHook(call, "readWriteLockView", "(Ljava/lang/Object;ZI)Ljava/lang/Object;", call.name().equals("writeLock") ? 1 : 0);
            return true;
        }
        return false;
    }

    private boolean conditionCall(Call call) {
        switch (call.method()) {
            case "await()V" -> replaceWithHook(call, "await", "(Ljava/lang/Object;ZI)V", 1);
            case "awaitUninterruptibly()V" -> replaceWithHook(call, "await", "(Ljava/lang/Object;ZI)V", 0);
            case "await(JLjava/util/concurrent/TimeUnit;)Z" ->
                    replaceWithHook(call, "await", "(Ljava/lang/Object;JLjava/util/concurrent/TimeUnit;I)Z");
            case "awaitNanos(J)J" -> replaceWithHook(call, "awaitNanos", "(Ljava/lang/Object;JI)J");
            case "awaitUntil(Ljava/util/Date;)Z" -> replaceWithHook(call, "awaitUntil", "(Ljava/lang/Object;Ljava/util/Date;I)Z");
            case "signal()V" -> replaceWithHook(call, "signal", "(Ljava/lang/Object;ZI)V", 0);
            case "signalAll()V" -> replaceWithHook(call, "signal", "(Ljava/lang/Object;ZI)V", 1);
            default -> {
                return false;
            }
        }
        return true;
    }

    /** park* with or without a blocker and deadline: the runtime needs the blocker and whether it may time out. */
    private boolean lockSupportCall(Call call) {
        boolean timed = !call.name().equals("park");
        boolean withBlocker = call.descriptor().startsWith("(Ljava/lang/Object;");
        switch (call.name()) {
            case "park", "parkNanos", "parkUntil" -> {
                if (timed) {
                    mv.visitInsn(Opcodes.POP2);
                }
                if (!withBlocker) {
                    mv.visitInsn(Opcodes.ACONST_NULL);
                }
                replaceWithHook(call, "park", "(Ljava/lang/Object;ZI)V", timed ? 1 : 0);
            }
            case "unpark" -> replaceWithHook(call, "unpark", "(Ljava/lang/Thread;I)V");
            default -> {
                return false;
            }
        }
        return true;
    }
}
