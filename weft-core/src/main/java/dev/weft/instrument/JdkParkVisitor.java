package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * JDK code's parks, unparks and interrupt checks ({@code java.util.concurrent}'s synchronizers block and wake threads
 * with them): while the thread is in the JDK for the program they are the runtime's park model and interrupt flag, as
 * the program's own calls are ({@link LockCallVisitor}, {@link ThreadCallVisitor}); elsewhere the JDK's. A timed park
 * that times out moves the thread's clock on by its time, so that the JDK's deadline loops end.
 */
final class JdkParkVisitor extends JdkCallVisitor {
    private static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";
    private static final String THREAD = "java/lang/Thread";
    /**
     * {@code ForkJoinPool.managedBlock}, which AbstractQueuedSynchronizer's condition waits call (JDK 17 and 25). ForkJoinPool's
     * code is not instrumented (it is Weft's model): the bridge does what the JDK's does for a thread that is no pool worker.
     */
    private static final String MANAGED_BLOCK = "managedBlock(Ljava/util/concurrent/ForkJoinPool$ManagedBlocker;)V";

    JdkParkVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx, true);
    }

    @Override
    boolean intercept(Call call) {
        if (call.declaring().equals(LOCK_SUPPORT)) {
            return lockSupport(call);
        }
        if (call.method().equals(MANAGED_BLOCK)) {
            replace(call, () -> mv.visitMethodInsn(Opcodes.INVOKESTATIC, JdkVisitors.BRIDGE, "managedBlock",
                    MANAGED_BLOCK.substring(MANAGED_BLOCK.indexOf('(')), false));
            return true;
        }
        if (!call.declaring().equals(THREAD)) {
            return false;
        }
        switch (call.method()) {
            case "interrupted()Z" -> replaceWithHook(call, "threadInterrupted", "(I)Z");
            case "isInterrupted()Z" -> replaceWithHook(call, "threadIsInterrupted", "(Ljava/lang/Thread;I)Z");
            case "interrupt()V" -> replaceWithHook(call, "threadInterrupt", "(Ljava/lang/Thread;I)V");
            case "onSpinWait()V", "yield()V" -> replaceWithHook(call, "threadYield", "(I)V"); // a step that keeps a spin's iteration clean
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean lockSupport(Call call) {
        switch (call.method()) {
            case "park()V" -> replace(call, () -> {
                mv.visitInsn(Opcodes.ACONST_NULL);
                parkHook(false);
            });
            case "park(Ljava/lang/Object;)V" -> replace(call, () -> parkHook(false));
            case "parkNanos(J)V" -> replace(call, () -> parkNanosHook(false));
            case "parkNanos(Ljava/lang/Object;J)V" -> replace(call, () -> parkNanosHook(true));
            case "parkUntil(J)V", "parkUntil(Ljava/lang/Object;J)V" -> replace(call, () -> parkUntil(!call.descriptor().startsWith("(J")));
            case "unpark(Ljava/lang/Thread;)V" -> replaceWithHook(call, "unpark", "(Ljava/lang/Thread;I)V");
            default -> {
                return false;
            }
        }
        return true;
    }

    /**
     * A park until a deadline of the run's clock (milliseconds): a park for the time left, so that when it times out the
     * thread's clock has reached the deadline and the JDK's deadline loop ends (a condition's {@code awaitUntil}).
     */
    private void parkUntil(boolean withBlocker) {
        Emit.hook(mv, "currentTimeMillis", "()J");
        mv.visitInsn(Opcodes.LSUB);
        mv.visitLdcInsn(1_000_000L);
        mv.visitInsn(Opcodes.LMUL);
        parkNanosHook(withBlocker);
    }

    /** The timed park hook for the nanoseconds on top of the stack (a null blocker put below them where the call has none). */
    private void parkNanosHook(boolean withBlocker) {
        if (!withBlocker) {
            int nanos = ctx.scratchLocal(Type.LONG_TYPE);
            mv.visitVarInsn(Opcodes.LSTORE, nanos);
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitVarInsn(Opcodes.LLOAD, nanos);
        }
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "parkNanos", "(Ljava/lang/Object;JI)V");
    }

    private void parkHook(boolean timed) {
        Emit.push(mv, timed);
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "park", "(Ljava/lang/Object;ZI)V");
    }
}
