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

    /**
     * The bridge's descriptor: the target's parameters, the receiver first, each captured one of the type the call site
     * captures it as. The metafactory wants a static implementation's captured parameters to be of exactly those types:
     * {@code runnable::equals} captures a Runnable for Object's method, and a bridge taking an Object failed to link.
     */
    static String descriptor(Handle target, Type[] captured) {
        Type method = Type.getMethodType(target.getDesc());
        Type owner = Type.getObjectType(target.getOwner());
        Type[] arguments = method.getArgumentTypes();
        Type[] parameters;
        Type returned;
        if (target.getTag() == Opcodes.H_INVOKESTATIC || target.getTag() == Opcodes.H_NEWINVOKESPECIAL) {
            parameters = arguments.clone();
            returned = target.getTag() == Opcodes.H_NEWINVOKESPECIAL ? owner : method.getReturnType();
        } else {
            parameters = new Type[arguments.length + 1];
            parameters[0] = owner;
            System.arraycopy(arguments, 0, parameters, 1, arguments.length);
            returned = method.getReturnType();
        }
        System.arraycopy(captured, 0, parameters, 0, Math.min(captured.length, parameters.length));
        return Type.getMethodDescriptor(returned, parameters);
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
