package dev.weft.instrument;

import java.util.Map;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * JDK code run on the program's behalf sees a machine with one processor. The synchronizers spin before they park only
 * when there is more than one ({@code Exchanger}, {@code Phaser}, {@code LinkedTransferQueue}): on one processor a spin
 * cannot meet the other party, so the JDK's own uniprocessor path parks at once, and a Weft run, which runs one thread
 * at a time, is such a machine. The spins it skips only re-read shared state while a local counts down, which the loop
 * watch would have had to cut at the loop bound; every path taken instead is one a one-processor JVM takes.
 *
 * <p>Two forms: a call to {@code Runtime.availableProcessors()} (JDK 25's {@code LinkedTransferQueue} asks as it waits), and
 * the fields the JDK derives from it, most when a class is initialised, which happens before any run
 * ({@link #ON_ONE_PROCESSOR}). Either yields the one-processor value only while {@code JdkBridge.controlled()}.
 * Likewise a thread's id, which seeds JDK 17's {@code Exchanger} back-off: the same in every run of one schedule.
 */
final class OneProcessorVisitor extends MethodVisitor {
    /**
     * Fields ("owner.name") the JDK computes from the processor count, with the value computed on one processor: static
     * ones set when the class is initialised, JDK 25's {@code Exchanger.ncpu}, set by a constructor that may have run
     * outside the program's calls, and JDK 25's {@code LinkedTransferQueue} flag (which would otherwise be rewritten
     * for the whole JVM from inside a run). {@code OneProcessorTest} checks that no other instrumented class asks for the count
     * when it is initialised.
     */
    static final Map<String, Integer> ON_ONE_PROCESSOR = Map.of(
            "java/util/concurrent/Exchanger.NCPU", 1,
            "java/util/concurrent/Exchanger.ncpu", 1,
            "java/util/concurrent/Phaser.NCPU", 1,
            "java/util/concurrent/Phaser.SPINS_PER_ARRIVAL", 1,
            "java/util/concurrent/ConcurrentHashMap.NCPU", 1,
            "java/util/concurrent/atomic/Striped64.NCPU", 1,
            // JDK 25: a static that awaiting code rewrites when it asks the count again; read as true, it is never rewritten.
            "java/util/concurrent/LinkedTransferQueue$DualNode.isUniprocessor", 1);

    OneProcessorVisitor(MethodVisitor next) {
        super(Opcodes.ASM9, next);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        super.visitFieldInsn(opcode, owner, name, descriptor);
        Integer single = opcode == Opcodes.GETSTATIC || opcode == Opcodes.GETFIELD ? ON_ONE_PROCESSOR.get(owner + "." + name) : null;
        if (single != null) {
            Emit.push(mv, single);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, JdkVisitors.BRIDGE, "processors", "(II)I", false);
        }
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (owner.equals("java/lang/Thread") && (name.equals("getId") || name.equals("threadId")) && descriptor.equals("()J")) {
            threadId(opcode, owner, name, descriptor, isInterface);
            return;
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        if (owner.equals("java/lang/Runtime") && name.equals("availableProcessors") && descriptor.equals("()I")) {
            Emit.push(mv, 1);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, JdkVisitors.BRIDGE, "processors", "(II)I", false);
        }
    }

    /** {@code thread.getId()}: the JVM's id and the thread, for the bridge to choose ({@code JdkBridge.threadId}). */
    private void threadId(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        super.visitInsn(Opcodes.DUP);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        super.visitInsn(Opcodes.DUP2_X1);
        super.visitInsn(Opcodes.POP2);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, JdkVisitors.BRIDGE, "threadId", "(JLjava/lang/Thread;)J", false);
    }
}
