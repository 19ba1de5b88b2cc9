package dev.weft.instrument;

import java.util.List;

/**
 * An entry point other than {@code main}, shaped like a test: on a fresh instance of
 * {@code className} (made with its no-argument constructor), call the {@code before} methods, then
 * {@code method}, then the {@code after} methods, which run even when an earlier call failed. The
 * body takes one program input per parameter ({@code inputs}, read as {@code Weft.input} reads them);
 * the others take no arguments. Each is named by the class that declares it, because set-up methods
 * of superclasses run first and may be private.
 *
 * @param className binary name of the class to instantiate
 * @param before    set-up methods, in call order
 * @param method    the body
 * @param after     tear-down methods, in call order
 * @param inputs    the body's parameters, in order
 */
public record EntryPoint(String className, List<MethodRef> before, MethodRef method, List<MethodRef> after, List<Input> inputs) {

    public EntryPoint {
        before = List.copyOf(before);
        after = List.copyOf(after);
        inputs = List.copyOf(inputs);
    }

    /** An entry point whose body takes no arguments. */
    public EntryPoint(String className, List<MethodRef> before, MethodRef method, List<MethodRef> after) {
        this(className, before, method, after, List.of());
    }

    /** A program input the body takes as a parameter: its name, JVM type ('I', 'J' or 'Z') and range. */
    public record Input(String name, char type, long min, long max) {
    }

    /** The body's JVM descriptor: its inputs as parameters, returning void. */
    public String bodyDescriptor() {
        StringBuilder descriptor = new StringBuilder("(");
        inputs.forEach(input -> descriptor.append(input.type()));
        return descriptor.append(")V").toString();
    }

    /** A no-argument method: the binary name of its declaring class and its name. */
    public record MethodRef(String declaringClass, String name) {
        @Override
        public String toString() {
            return declaringClass + "#" + name;
        }
    }

    @Override
    public String toString() {
        return className + "#" + method.name();
    }
}
