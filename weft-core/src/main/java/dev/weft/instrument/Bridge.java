package dev.weft.instrument;

import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A static method in a program class that calls a JDK method a method reference names (see
 * {@link MethodReferenceVisitor}): the receiver, if any, comes first; a constructor reference returns the new object.
 *
 * @param location where the method reference is made, the location of the bridged call
 */
record Bridge(String name, String descriptor, Handle target, int location) {

    static String descriptor(Handle target) {
        Type method = Type.getMethodType(target.getDesc());
        Type owner = Type.getObjectType(target.getOwner());
        return switch (target.getTag()) {
            case Opcodes.H_INVOKESTATIC -> target.getDesc();
            case Opcodes.H_NEWINVOKESPECIAL -> Type.getMethodDescriptor(owner, method.getArgumentTypes());
            default -> {
                Type[] arguments = method.getArgumentTypes();
                Type[] withReceiver = new Type[arguments.length + 1];
                withReceiver[0] = owner;
                System.arraycopy(arguments, 0, withReceiver, 1, arguments.length);
                yield Type.getMethodDescriptor(method.getReturnType(), withReceiver);
            }
        };
    }

    /** Emits the bridge's body into {@code mv}. */
    void write(MethodVisitor mv) {
        mv.visitCode();
        String owner = target.getOwner();
        if (target.getTag() == Opcodes.H_NEWINVOKESPECIAL) {
            mv.visitTypeInsn(Opcodes.NEW, owner);
            mv.visitInsn(Opcodes.DUP);
        }
        int slot = 0;
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            mv.visitVarInsn(argument.getOpcode(Opcodes.ILOAD), slot);
            slot += argument.getSize();
        }
        int opcode = switch (target.getTag()) {
            case Opcodes.H_INVOKESTATIC -> Opcodes.INVOKESTATIC;
            case Opcodes.H_INVOKEINTERFACE -> Opcodes.INVOKEINTERFACE;
            case Opcodes.H_NEWINVOKESPECIAL -> Opcodes.INVOKESPECIAL;
            default -> Opcodes.INVOKEVIRTUAL;
        };
        mv.visitMethodInsn(opcode, owner, target.getName(), target.getDesc(), target.isInterface());
        mv.visitInsn(Type.getReturnType(descriptor).getOpcode(Opcodes.IRETURN));
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
