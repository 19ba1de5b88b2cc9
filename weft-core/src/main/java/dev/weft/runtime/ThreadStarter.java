package dev.weft.runtime;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Starts a program thread with the JDK's own {@code Thread.start}. A program subclass may override
 * {@code start()} and call {@code super.start()}, which instrumented code routes back to the
 * runtime; calling {@code start()} virtually would then recurse into the override, so the runtime
 * invokes {@code Thread.start} non-virtually, as the super call of the class directly below
 * {@code Thread} in the thread's hierarchy.
 */
public final class ThreadStarter {
    private ThreadStarter() {
    }

    public static void start(Thread thread) {
        Class<?> belowThread = thread.getClass();
        if (belowThread == Thread.class) {
            thread.start();
            return;
        }
        while (belowThread.getSuperclass() != Thread.class) {
            belowThread = belowThread.getSuperclass();
        }
        MethodHandle start;
        try {
            start = MethodHandles.privateLookupIn(belowThread, MethodHandles.lookup())
                    .findSpecial(Thread.class, "start", MethodType.methodType(void.class), belowThread);
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            // A JDK subclass (not program code) cannot have been rewritten to call back here.
            thread.start();
            return;
        }
        try {
            start.invoke(thread);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.start failed", e);
        }
    }
}
