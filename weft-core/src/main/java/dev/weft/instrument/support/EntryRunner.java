package dev.weft.instrument.support;

import dev.weft.runtime.hooks.RunLoader;
import dev.weft.runtime.symbolic.Expr;
import dev.weft.runtime.symbolic.Shadow;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs a test-shaped entry point (see {@code dev.weft.instrument.EntryPoint}) inside a run's class
 * loader. The program sees this class, as it sees {@link RunSupport}, so it uses only the JDK and the hooks:
 * methods arrive as parallel arrays of declaring class and name.
 */
public final class EntryRunner {
    private EntryRunner() {
    }

    /**
     * The body's parameters, each a program input: names, JVM types ('I', 'J', 'Z'), ranges; {@code symbolic}: the run's
     * shadow execution gets them as input symbols, as it gets {@code Weft.input}'s results.
     */
    public record Inputs(String[] names, String types, long[] mins, long[] maxs, boolean symbolic) {
    }

    /**
     * Makes the instance, calls the set-up methods and the body (with its inputs), then always the tear-down methods. The
     * first failure is thrown, later ones are added to it as suppressed, as JUnit reports them.
     */
    public static void run(ClassLoader loader, String className, String[] beforeOwners, String[] beforeNames,
                           String bodyOwner, String bodyName, String[] afterOwners, String[] afterNames, Inputs inputs) throws Throwable {
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
            callWithInputs(loader, instance, bodyOwner, bodyName, inputs);
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

    /** Reads each input through the run's hooks (as {@code Weft.input} does) and calls the body with them. */
    private static void callWithInputs(ClassLoader loader, Object instance, String owner, String name, Inputs inputs) throws Throwable {
        int n = inputs.names().length;
        Class<?>[] types = new Class<?>[n];
        Object[] values = new Object[n];
        Expr[] symbols = new Expr[1 + 2 * n]; // the callee's local slots: this, then each input (a long takes two)
        int slot = 1;
        for (int i = 0; i < n; i++) {
            char type = inputs.types().charAt(i);
            long value = ((RunLoader) loader).handler().input(inputs.names()[i], inputs.mins()[i], inputs.maxs()[i], type, -1);
            types[i] = type == 'J' ? long.class : type == 'Z' ? boolean.class : int.class;
            values[i] = type == 'J' ? (Object) value : type == 'Z' ? (Object) (value != 0) : (Object) (int) value;
            symbols[slot] = new Expr.Input(inputs.names()[i], type == 'J' ? 64 : 32, inputs.mins()[i], inputs.maxs()[i]);
            slot += type == 'J' ? 2 : 1;
        }
        Method method = Class.forName(owner, false, loader).getDeclaredMethod(name, types);
        method.setAccessible(true);
        if (inputs.symbolic()) {
            Shadow.callFromOutside(name + "(" + inputs.types() + ")V", Arrays.copyOf(symbols, slot));
        }
        invoke(() -> method.invoke(instance, values));
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
