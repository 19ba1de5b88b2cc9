package dev.weft.instrument;

import java.util.List;

/**
 * Classes that every run takes from an outside class loader, uninstrumented and shared, instead of
 * loading its own copy: a test framework, whose assertion errors must be the classes the framework
 * itself catches. Code in these packages runs as if it were the JDK: Weft sees none of its accesses.
 *
 * @param loader   where the classes come from
 * @param packages package prefixes with dots ("org.junit.")
 */
public record SharedClasses(ClassLoader loader, List<String> packages) {
    public static final SharedClasses NONE = new SharedClasses(ClassLoader.getPlatformClassLoader(), List.of());

    public SharedClasses {
        packages = List.copyOf(packages);
    }

    /** @param name a binary class name ("org.junit.jupiter.api.Assertions") */
    boolean contains(String name) {
        for (String prefix : packages) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
