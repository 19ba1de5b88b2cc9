package dev.weft.instrument.support;

import dev.weft.runtime.hooks.RunLoader;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Runs a test-shaped entry point (see {@code dev.weft.instrument.EntryPoint}) inside a run's class
 * loader. The program sees this class, as it sees {@link RunSupport}, so it uses only the JDK and the hooks:
 * methods arrive as parallel arrays of declaring class and name.
 */
public final class EntryRunner {
    private EntryRunner() {
    }

    /**
     * Makes the instance, calls the set-up methods and the body, then always the tear-down methods. The
     * first failure is thrown, later ones are added to it as suppressed, as JUnit reports them.
     */
    public static void run(ClassLoader loader, String className, String[] beforeOwners, String[] beforeNames,
                           String bodyOwner, String bodyName, String[] afterOwners, String[] afterNames) throws Throwable {
        Class<?> type = Class.forName(className, false, loader);
        ((RunLoader) loader).handler().classInit(type, -1); // its initialisation, under the scheduler's control
        Constructor<?> constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        Object instance = invoke(() -> constructor.newInstance());
        Throwable failure = null;
        try {
            for (int i = 0; i < beforeNames.length; i++) {
                call(loader, instance, beforeOwners[i], beforeNames[i]);
            }
            call(loader, instance, bodyOwner, bodyName);
        } catch (Throwable t) {
            failure = t;
        }
        for (int i = 0; i < afterNames.length; i++) {
            try {
                call(loader, instance, afterOwners[i], afterNames[i]);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                } else {
                    failure.addSuppressed(t);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static void call(ClassLoader loader, Object instance, String owner, String name) throws Throwable {
        Method method = Class.forName(owner, false, loader).getDeclaredMethod(name);
        method.setAccessible(true);
        invoke(() -> method.invoke(instance));
    }

    private interface Reflective {
        Object call() throws ReflectiveOperationException;
    }

    /** The reflective call, with the called code's own exception thrown instead of its wrapper. */
    private static Object invoke(Reflective call) throws Throwable {
        try {
            return call.call();
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
