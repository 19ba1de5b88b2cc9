package dev.weft.runtime;

import dev.weft.boot.JdkBridge;
import dev.weft.runtime.hooks.HookHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.BooleanSupplier;

/**
 * The handler of a run whose JDK classes are instrumented ({@code --instrument-jdk}): every hook runs as Weft's own code
 * ({@link JdkBridge#enterWeft}), so that the runtime's own use of a {@code HashMap}, while a program callback runs inside
 * a JDK call, takes the JDK's plain path instead of coming back as the program's events. Runs that instrument no JDK
 * class get the handler itself and pay nothing.
 */
final class WeftCodeGuard {
    private WeftCodeGuard() {
    }

    static HookHandler around(HookHandler handler) {
        return (HookHandler) Proxy.newProxyInstance(HookHandler.class.getClassLoader(), new Class<?>[] {HookHandler.class},
                (proxy, method, args) -> {
                    boolean wasInside = JdkBridge.enterWeft();
                    try {
                        return method.invoke(handler, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    } finally {
                        JdkBridge.exitWeft(wasInside);
                    }
                });
    }

    /**
     * Runs Weft's own code that the program's thread reaches outside the hooks (its body's start and end); in a run that
     * instruments no JDK code ({@code guarded} false) as it is: the bridge is then never loaded before JDK instrumentation
     * puts it on the bootstrap class path.
     */
    static boolean asWeft(boolean guarded, BooleanSupplier code) {
        if (!guarded) {
            return code.getAsBoolean();
        }
        boolean wasInside = JdkBridge.enterWeft();
        try {
            return code.getAsBoolean();
        } finally {
            JdkBridge.exitWeft(wasInside);
        }
    }

    static void asWeft(boolean guarded, Runnable code) {
        asWeft(guarded, () -> {
            code.run();
            return true;
        });
    }

    /**
     * Runs program code that a hook runs from inside Weft's (a class initialiser the JVM runs at the hook's request): the
     * instrumented JDK code it calls reaches the runtime again, as anywhere in the program. As it is where {@code guarded}
     * is false (see {@link #asWeft}).
     */
    static void asProgram(boolean guarded, Runnable code) {
        if (!guarded) {
            code.run();
            return;
        }
        boolean wasInside = JdkBridge.leaveWeft();
        try {
            code.run();
        } finally {
            JdkBridge.exitWeft(wasInside);
        }
    }
}
