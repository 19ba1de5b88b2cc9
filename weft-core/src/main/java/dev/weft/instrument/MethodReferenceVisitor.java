package dev.weft.instrument;

import java.util.function.UnaryOperator;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Method references and lambdas whose implementation is a JDK method ({@code counter::incrementAndGet},
 * {@code lock::unlock}, {@code Thread::new}): LambdaMetafactory would call the JDK method from a
 * hidden class that no hook sees, so the implementation becomes a bridge method in the program
 * class that makes the call, instrumented like any other call site.
 */
final class MethodReferenceVisitor extends MethodVisitor {
    private static final String FACTORY = "java/lang/invoke/LambdaMetafactory";
    /** LambdaMetafactory.FLAG_SERIALIZABLE: deserialisation looks the implementation up by name, so it stays. */
    private static final int SERIALIZABLE = 1;

    private final UnaryOperator<Handle> bridges;

    /** @param bridges gives the bridge method handle for a JDK implementation method */
    MethodReferenceVisitor(MethodVisitor next, UnaryOperator<Handle> bridges) {
        super(Opcodes.ASM9, next);
        this.bridges = bridges;
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        if (bootstrap.getOwner().equals(FACTORY) && arguments.length >= 3 && arguments[1] instanceof Handle implementation
                && !ProgramClasses.isInstrumented(implementation.getOwner()) && implementation.getTag() != Opcodes.H_INVOKESPECIAL
                && !isSerializable(bootstrap, arguments)) {
            arguments = arguments.clone();
            arguments[1] = bridges.apply(implementation);
        }
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
    }

    private static boolean isSerializable(Handle bootstrap, Object[] arguments) {
        return bootstrap.getName().equals("altMetafactory") && arguments.length > 3 && arguments[3] instanceof Integer flags
                && (flags & SERIALIZABLE) != 0;
    }
}
