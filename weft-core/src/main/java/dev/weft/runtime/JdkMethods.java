package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Calls the JDK's own implementation of a method on an object that may be an instance of a program
 * subclass overriding it. The override's {@code super} call is instrumented to reach the runtime's
 * hooks, so calling the method virtually from inside a hook would re-enter program code (HookHandler
 * contract); the runtime calls it as the super call of the program class directly below the JDK
 * class instead.
 */
final class JdkMethods {
    private static final ClassValue<Map<String, MethodHandle>> HANDLES = new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private JdkMethods() {
    }

    /** {@code receiver.name(args)} as {@code jdkClass} implements it. */
    static Object call(Object receiver, Class<?> jdkClass, String name, MethodType type, Object... args) {
        MethodHandle handle = HANDLES.get(receiver.getClass())
                .computeIfAbsent(jdkClass.getName() + '.' + name + type, key -> handle(receiver.getClass(), jdkClass, name, type));
        try {
            Object[] all = new Object[args.length + 1];
            all[0] = receiver;
            System.arraycopy(args, 0, all, 1, args.length);
            return handle.invokeWithArguments(all);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(jdkClass.getSimpleName() + "." + name + " failed", e);
        }
    }

    private static MethodHandle handle(Class<?> receiverClass, Class<?> jdkClass, String name, MethodType type) {
        try {
            Class<?> below = receiverClass;
            while (below != jdkClass && below.getSuperclass() != jdkClass) {
                below = below.getSuperclass();
            }
            if (below != jdkClass && below.getClassLoader() != null) {
                try {
                    return MethodHandles.privateLookupIn(below, MethodHandles.lookup()).findSpecial(jdkClass, name, type, below);
                } catch (IllegalAccessException e) {
                    // Not program code (a JDK subclass): it cannot override through instrumented code.
                }
            }
            return MethodHandles.publicLookup().findVirtual(jdkClass, name, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no " + jdkClass.getName() + "." + name + type, e);
        }
    }
}
