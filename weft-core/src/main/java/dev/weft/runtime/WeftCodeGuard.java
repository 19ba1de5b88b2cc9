package dev.weft.runtime;

import dev.weft.boot.JdkBridge;
import dev.weft.runtime.hooks.HookHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.BooleanSupplier;

/**
 * A run's guard between Weft's code and the program's, where the run instruments JDK code ({@code --instrument-jdk} or
 * java.util.concurrent): Weft's code runs as Weft's own ({@link JdkBridge#enterWeft}), so that the runtime's own use of a
 * {@code HashMap}, while a program callback runs inside a JDK call, takes the JDK's plain path instead of coming back as
 * the program's events. A run that instruments no JDK class has an unguarded one that pays nothing and never loads the
 * bridge before JDK instrumentation puts it on the bootstrap class path.
 */
final class WeftCodeGuard {
    private final boolean guarded;

    WeftCodeGuard(boolean guarded) {
        this.guarded = guarded;
    }

    /** The handler the run's code reaches: {@code handler} itself, or it with every hook run as Weft's own code. */
    HookHandler around(HookHandler handler) {
        if (!guarded) {
            return handler;
        }
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

    /** Runs Weft's own code that the program's thread reaches outside the hooks (its body's start and end). */
    boolean asWeft(BooleanSupplier code) {
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

    void asWeft(Runnable code) {
        asWeft(() -> {
            code.run();
            return true;
        });
    }

    /**
     * Runs program code that a hook runs from inside Weft's (a class initialiser the JVM runs at the hook's request): the
     * instrumented JDK code it calls reaches the runtime again, as anywhere in the program.
     */
    void asProgram(Runnable code) {
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
