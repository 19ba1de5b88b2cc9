package dev.weft.instrument;

import java.util.List;

/**
 * An entry point other than {@code main}, shaped like a test: on a fresh instance of
 * {@code className} (made with its no-argument constructor), call the {@code before} methods, then
 * {@code method}, then the {@code after} methods, which run even when an earlier call failed. Every
 * method takes no arguments; each is named by the class that declares it, because set-up methods of
 * superclasses run first and may be private.
 *
 * @param className binary name of the class to instantiate
 * @param before    set-up methods, in call order
 * @param method    the body
 * @param after     tear-down methods, in call order
 */
public record EntryPoint(String className, List<MethodRef> before, MethodRef method, List<MethodRef> after) {

    public EntryPoint {
        before = List.copyOf(before);
        after = List.copyOf(after);
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
