package dev.weft.runtime.hooks;

import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * An atomic field updater's {@code getAndUpdate}, {@code updateAndGet}, {@code getAndAccumulate} and
 * {@code accumulateAndGet} as the JDK performs them: a volatile get, the function, a compareAndSet, retried until it
 * succeeds. The get and the compareAndSet are the runtime's accesses through the updater ({@link Hooks#modedAccess}), as
 * when the program calls them itself; the function runs here, in the program's thread and outside Weft's code, as in
 * the JDK's loop (the atomic classes' functional updates retry the same way, {@code runtime.Atomics}).
 */
final class UpdaterFunctions {
    private static final String ATOMIC = "java/util/concurrent/atomic/";

    private UpdaterFunctions() {
    }

    /** @param method the updater's class (internal name) and the method, {@code java/.../AtomicLongFieldUpdater.getAndUpdate} */
    static Object apply(Object updater, Object target, Object x, Object function, String method, int loc) {
        String owner = method.substring(0, method.lastIndexOf('.'));
        String name = method.substring(method.lastIndexOf('.') + 1);
        String value = valueDescriptor(owner);
        String get = owner + ".get(Ljava/lang/Object;)" + value;
        String compareAndSet = owner + ".compareAndSet(Ljava/lang/Object;" + value + value + ")Z";
        boolean accumulates = name.equals("getAndAccumulate") || name.equals("accumulateAndGet");
        while (true) {
            Object previous = Hooks.modedAccess(updater, new Object[] {target}, get, loc);
            Object next = accumulates ? accumulate(function, previous, x) : update(function, previous);
            if ((Boolean) Hooks.modedAccess(updater, new Object[] {target, previous, next}, compareAndSet, loc)) {
                return name.endsWith("AndGet") ? next : previous;
            }
        }
    }

    private static String valueDescriptor(String owner) {
        return switch (owner.substring(ATOMIC.length())) {
            case "AtomicIntegerFieldUpdater" -> "I";
            case "AtomicLongFieldUpdater" -> "J";
            default -> "Ljava/lang/Object;";
        };
    }

    @SuppressWarnings("unchecked")
    private static Object update(Object function, Object previous) {
        if (function instanceof IntUnaryOperator f && previous instanceof Integer v) {
            return f.applyAsInt(v);
        }
        if (function instanceof LongUnaryOperator f && previous instanceof Long v) {
            return f.applyAsLong(v);
        }
        return ((UnaryOperator<Object>) function).apply(previous);
    }

    @SuppressWarnings("unchecked")
    private static Object accumulate(Object function, Object previous, Object x) {
        if (function instanceof IntBinaryOperator f && previous instanceof Integer v) {
            return f.applyAsInt(v, (Integer) x);
        }
        if (function instanceof LongBinaryOperator f && previous instanceof Long v) {
            return f.applyAsLong(v, (Long) x);
        }
        return ((BinaryOperator<Object>) function).apply(previous, x);
    }
}
