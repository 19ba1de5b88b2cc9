package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * In {@code LongAdder}'s base class ({@code Striped64}, its cells): a weak compare-and-set becomes a strong one. A spurious
 * failure there only sends the add to another cell, or to a retry whose probe (see {@link ThreadRandomVisitor}) and locals
 * change, so the busy-wait rule cannot hold it and the retries reach the loop bound. No outcome is lost: whichever way an
 * add goes, it becomes visible to {@code sum()} at one atomic write, and the schedule already places that write before
 * or after every other thread's step.
 */
final class StrongAdderCasVisitor extends MethodVisitor {
    static final String STRIPED = "java/util/concurrent/atomic/Striped64";

    StrongAdderCasVisitor(MethodVisitor next) {
        super(Opcodes.ASM9, next);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        boolean weakCas = owner.equals("java/lang/invoke/VarHandle") && name.startsWith("weakCompareAndSet");
        super.visitMethodInsn(opcode, owner, weakCas ? "compareAndSet" : name, descriptor, isInterface);
    }
}
