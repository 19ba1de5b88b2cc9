package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reports each new object and array to {@code allocated} as soon as the verifier lets code see it:
 * arrays at once, objects when their constructor returns, and a program object also right after its
 * super constructor call, so that it has its allocation identity before its constructor writes fields.
 */
final class AllocationVisitor extends MethodVisitor {
    private final MethodContext ctx;

    AllocationVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        super.visitIntInsn(opcode, operand);
        if (opcode == Opcodes.NEWARRAY) {
            allocatedOnTop();
        }
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        super.visitTypeInsn(opcode, type);
        if (opcode == Opcodes.ANEWARRAY) {
            allocatedOnTop();
        }
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
        allocatedOnTop();
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode != Opcodes.INVOKESPECIAL || !name.equals("<init>")) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int argumentSlots = (Type.getArgumentsAndReturnSizes(descriptor) >> 2) - 1;
        boolean copyBelow = ctx.newObjectCopiedBelow(descriptor);
        boolean initializesThis = ctx.mayBeUninitializedThis(argumentSlots);
        boolean thisInLocalZero = ctx.firstLocal() == Opcodes.UNINITIALIZED_THIS;
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        if (copyBelow) {
            allocatedOnTop();
        } else if (initializesThis) {
            ctx.thisInitialized();
            if (thisInLocalZero && !owner.equals(ctx.owner)) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                allocatedHook();
            }
        }
    }

    private void allocatedOnTop() {
        mv.visitInsn(Opcodes.DUP);
        allocatedHook();
    }

    /** The allocation's location names the object in reports when no field reaches it ({@code ArrayList@Main.java:12}). */
    private void allocatedHook() {
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "allocated", "(Ljava/lang/Object;I)V");
    }
}
