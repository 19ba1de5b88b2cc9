package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The program's standard input: a read of {@code System.in} gets the run's own stream (every run reads
 * the same bytes, see {@link StandardInput}) and {@code System.setIn} changes it for the run only.
 * {@code FileDescriptor.in} reaches the process's input behind that stream, which Weft cannot give every
 * run again: reaching it stops the run as unsupported ({@code System.console()} and
 * {@code System.inheritedChannel()} likewise, see
 * {@link UnsupportedCallVisitor}).
 */
final class StandardInputVisitor extends MethodVisitor {
    private final MethodContext ctx;

    StandardInputVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.GETSTATIC && name.equals("in") && owner.equals("java/lang/System")) {
            mv.visitLdcInsn(Type.getObjectType(ctx.owner));
            Emit.support(mv, "standardInput", "(Ljava/lang/Class;)Ljava/io/InputStream;");
            return;
        }
        if (opcode == Opcodes.GETSTATIC && name.equals("in") && owner.equals("java/io/FileDescriptor")) {
            mv.visitLdcInsn("java.io.FileDescriptor.in");
            Emit.push(mv, ctx.location());
            Emit.hook(mv, "unsupported", "(Ljava/lang/String;I)V");
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESTATIC && owner.equals("java/lang/System") && name.equals("setIn")) {
            mv.visitLdcInsn(Type.getObjectType(ctx.owner));
            Emit.support(mv, "setStandardInput", "(Ljava/io/InputStream;Ljava/lang/Class;)V");
            return;
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
}
