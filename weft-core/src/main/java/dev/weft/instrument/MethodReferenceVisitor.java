package dev.weft.instrument;

import java.util.function.BiFunction;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Method references and lambdas: LambdaMetafactory would call the implementation from a hidden class
 * that no hook sees, so where that matters ({@link Bridges}: a JDK implementation such as
 * {@code counter::incrementAndGet}, or one whose call may initialise a class) the implementation becomes
 * a bridge method, whose call to it is instrumented like any other call site.
 */
final class MethodReferenceVisitor extends MethodVisitor {
    private static final String FACTORY = "java/lang/invoke/LambdaMetafactory";
    /** LambdaMetafactory.FLAG_SERIALIZABLE: deserialisation looks the implementation up by name, so it stays. */
    private static final int SERIALIZABLE = 1;

    private final BiFunction<Handle, String, Handle> bridges;

    /** @param bridges gives the handle the metafactory gets for an implementation at a call site of a factory type (a bridge's or its own) */
    MethodReferenceVisitor(MethodVisitor next, BiFunction<Handle, String, Handle> bridges) {
        super(Opcodes.ASM9, next);
        this.bridges = bridges;
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        Handle implementation = implementation(bootstrap, arguments);
        if (implementation != null) {
            arguments = arguments.clone();
            arguments[1] = bridges.apply(implementation, descriptor);
        }
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
    }

    /** The implementation a metafactory call site names, if a bridge may replace it: not a super call, not serializable. */
    static Handle implementation(Handle bootstrap, Object[] arguments) {
        if (bootstrap.getOwner().equals(FACTORY) && arguments.length >= 3 && arguments[1] instanceof Handle implementation
                && implementation.getTag() != Opcodes.H_INVOKESPECIAL && !isSerializable(bootstrap, arguments)) {
            return implementation;
        }
        return null;
    }

    private static boolean isSerializable(Handle bootstrap, Object[] arguments) {
        return bootstrap.getName().equals("altMetafactory") && arguments.length > 3 && arguments[3] instanceof Integer flags
                && (flags & SERIALIZABLE) != 0;
    }
}
