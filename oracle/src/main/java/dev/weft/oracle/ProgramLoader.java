package dev.weft.oracle;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's copy of the program: its classes defined anew from the program's class path (so static
 * state starts fresh), the JDK from the platform loader; nothing of the oracle is visible.
 */
final class ProgramLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    private final List<Class<?>> defined = new ArrayList<>();

    ProgramLoader(URL[] classPath) {
        super("plain-run", classPath, ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        Class<?> type = super.findClass(name);
        synchronized (defined) {
            defined.add(type);
        }
        return type;
    }

    /** The program classes this run has loaded so far. */
    List<Class<?>> definedClasses() {
        synchronized (defined) {
            return new ArrayList<>(defined);
        }
    }
}
