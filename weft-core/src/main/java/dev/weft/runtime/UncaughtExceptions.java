package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import dev.weft.trace.ObjectIds;
import java.lang.invoke.MethodType;

/**
 * What the JVM does with an uncaught exception before the thread dies ({@code Thread.dispatchUncaughtException}):
 * it calls the thread's own handler if it has one, else its thread group's {@code uncaughtException},
 * whose JDK implementation ends at the default handler ({@code Thread.setDefaultUncaughtExceptionHandler})
 * or prints the stack trace. Weft calls the program's handler the same way, as program code in the
 * dying thread, controlled, before the thread's END; the exception is still a bug of the run (it was
 * not caught), and the stack trace is Weft's report's business.
 *
 * <p>The default handler is a static of {@code Thread}: kept in the JVM it would reach Weft's own
 * threads and every later run. Each run keeps its own instead, as the static field
 * {@code java.lang.Thread.defaultUncaughtExceptionHandler}: setting it is a volatile write, reading
 * it (the program's getter, or a dispatch that reaches it) a volatile read, each a scheduling point,
 * so the order of a handler's installation against another thread's failure is explored like any race.
 */
final class UncaughtExceptions {
    private static final String FIELD_OWNER = "java/lang/Thread";
    private static final String FIELD_NAME = "defaultUncaughtExceptionHandler";
    private final Scheduler core;
    private final WeftCodeGuard guard;
    private Thread.UncaughtExceptionHandler defaultHandler;

    UncaughtExceptions(Scheduler core, WeftCodeGuard guard) {
        this.core = core;
        this.guard = guard;
    }

    void setDefaultHandler(Thread.UncaughtExceptionHandler handler, int loc) {
        RunThread me = core.enter();
        try {
            Address field = reachField(me, EventKind.VOLATILE_WRITE, loc);
            defaultHandler = handler;
            record(me, EventKind.VOLATILE_WRITE, field, loc);
        } finally {
            core.unlock();
        }
    }

    Thread.UncaughtExceptionHandler defaultHandler(int loc) {
        RunThread me = core.enter();
        try {
            Address field = reachField(me, EventKind.VOLATILE_READ, loc);
            record(me, EventKind.VOLATILE_READ, field, loc);
            return defaultHandler;
        } finally {
            core.unlock();
        }
    }

    /** The field's address, once {@code me} may access it (none inside a static initialiser, which runs uncontrolled). */
    private Address reachField(RunThread me, EventKind kind, int loc) {
        if (!me.controlled()) {
            return null;
        }
        Address field = Address.staticField(core.symbols.fields().intern(FIELD_OWNER, FIELD_NAME,
                "Ljava/lang/Thread$UncaughtExceptionHandler;", true, true).id());
        core.schedulingPoint(me, kind, field, loc);
        if (kind.drainsBuffers()) {
            core.drain(me);
        }
        core.recording.initialValue(field, ObjectIds.NULL);
        return field;
    }

    private void record(RunThread me, EventKind kind, Address field, int loc) {
        if (field != null) {
            core.record(me, kind, loc, field, core.objects().id(defaultHandler, me), 0, 'L', 0);
        }
    }

    /**
     * Runs the handler the JVM would run for {@code failure}, in the dying thread {@code me}, on its
     * turn and without the run's lock. What the handler throws is ignored, as the JVM ignores it.
     */
    void dispatch(RunThread me, Throwable failure) {
        Thread.UncaughtExceptionHandler handler = programHandler(me);
        // The JVM dispatches again once the body's exception leaves the thread: that call must do nothing.
        JdkMethods.call(me.jvm, Thread.class, "setUncaughtExceptionHandler",
                MethodType.methodType(void.class, Thread.UncaughtExceptionHandler.class), Scheduler.SILENT);
        if (handler == null) {
            return;
        }
        try {
            guard.asProgram(() -> handler.uncaughtException(me.jvm, failure));
        } catch (RunAbort abort) {
            throw abort;
        } catch (Throwable ignored) {
            // The JVM ignores what an uncaught-exception handler throws.
        }
    }

    /** The thread's own handler, else its group when the program overrides the group's method, else the run's default handler. */
    private Thread.UncaughtExceptionHandler programHandler(RunThread me) {
        // Virtual, as the JVM calls it: a program override of the getter decides too.
        Thread.UncaughtExceptionHandler own = me.jvm.getUncaughtExceptionHandler();
        if (own != Scheduler.SILENT && !(own instanceof ThreadGroup)) {
            return own;
        }
        ThreadGroup group = me.jvm.getThreadGroup();
        if (group != null && overridesUncaughtException(group)) {
            return group;
        }
        return defaultHandler(-1);
    }

    private static boolean overridesUncaughtException(ThreadGroup group) {
        try {
            return group.getClass().getMethod("uncaughtException", Thread.class, Throwable.class).getDeclaringClass() != ThreadGroup.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }
}
