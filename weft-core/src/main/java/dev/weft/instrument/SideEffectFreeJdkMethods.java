package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.Type;

/**
 * JDK methods that change nothing and read nothing but their arguments' immutable values: maths,
 * boxed values, strings. Weft does not instrument the JDK, so every other JDK call may hide state
 * (a collection's contents, a clock, a random generator, I/O) or run program code (an argument's
 * {@code toString}, {@code equals}, a lambda). The one table of such methods, for the questions that
 * ask which JDK calls are harmless (a busy-wait loop's purity, {@link LoopFinder}).
 *
 * <p>Excluded even in these classes: methods that read a mutable argument (a {@code char[]}, a
 * {@code CharSequence} that may be a builder, any {@code Object} but in {@code equals}), write into
 * one ({@code getChars}), read global state ({@code Integer.getInteger}, {@code Boolean.getBoolean}
 * read system properties; {@code intern}), or draw random numbers.
 */
final class SideEffectFreeJdkMethods {
    /** Final classes whose every method qualifies when its arguments are primitives, strings or boxed values. */
    private static final Set<String> VALUE_CLASSES = Set.of("java/lang/Math", "java/lang/StrictMath", "java/lang/String",
            "java/lang/Integer", "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character", "java/lang/Boolean",
            "java/lang/Float", "java/lang/Double");
    private static final Set<String> EXCLUDED = Set.of("random", "getChars", "getBytes", "intern", "getInteger", "getLong",
            "getBoolean", "format", "formatted", "join", "describeConstable", "resolveConstantDesc", "chars", "codePoints", "lines");
    /** Methods of other classes that qualify, as {@code owner.name+descriptor}. */
    private static final Set<String> OTHERS = Set.of(
            "java/lang/Object.getClass()Ljava/lang/Class;",
            "java/lang/Thread.currentThread()Ljava/lang/Thread;",
            "java/util/Objects.requireNonNull(Ljava/lang/Object;)Ljava/lang/Object;",
            "java/util/Objects.requireNonNull(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;",
            "java/util/Objects.isNull(Ljava/lang/Object;)Z",
            "java/util/Objects.nonNull(Ljava/lang/Object;)Z",
            "java/util/Objects.checkIndex(II)I");

    private SideEffectFreeJdkMethods() {
    }

    /** Whether the JDK method {@code owner.name descriptor} (the class that declares it) is in the table. */
    static boolean contains(String owner, String name, String descriptor) {
        if (OTHERS.contains(owner + "." + name + descriptor)) {
            return true;
        }
        if (!VALUE_CLASSES.contains(owner) || EXCLUDED.contains(name) || name.equals("<init>")) {
            return false;
        }
        if (name.equals("equals") && descriptor.equals("(Ljava/lang/Object;)Z")) {
            return true; // compares with instanceof, never calls the argument
        }
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            if (argument.getSort() == Type.ARRAY || argument.getSort() == Type.OBJECT && !VALUE_CLASSES.contains(argument.getInternalName())) {
                return false;
            }
        }
        return true;
    }
}
