package dev.weft.runtime;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Tells Weft's own throwables from the program's. Weft's code runs in program threads (the hooks,
 * the runtime behind them, the run's class loader), so a failure of Weft there, or the {@link RunAbort} that ends a run, can
 * reach the program: directly, as the cause of an {@code ExceptionInInitializerError} or an
 * {@code ExecutionException}, or rethrown by the program's own catch. Such a failure is Weft's,
 * never the program's bug. The exceptions the runtime throws to the program on purpose (an
 * {@code IllegalMonitorStateException}, an {@code InterruptedException}, ...) go through
 * {@link #atCaller}, which makes them look as the JDK's would and so the program's.
 */
final class WeftThrowables {
    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    private static final String WEFT = "dev.weft.";
    /** Weft's models of JDK classes stand for the program's own code. */
    private static final String MODELLED = "dev.weft.modelled.";
    /** The runtime's package, where runtime tests keep their programs: only the runtime's own classes there are Weft's. */
    private static final String RUNTIME_PACKAGE = RunThread.class.getPackageName();

    private WeftThrowables() {
    }

    /**
     * The throwable of Weft's in {@code failure}'s chain of causes, or null when the failure is the
     * program's: a {@link RunAbort}, a {@link RefusedByWeft}, or one whose innermost frame outside the
     * JDK is Weft's code.
     */
    static Throwable weftOwn(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof RunAbort || t instanceof RefusedByWeft || thrownInWeftsCode(t)) {
                return t;
            }
        }
        return null;
    }

    /**
     * {@code exception}, which the runtime throws to the program on purpose, with the frames of Weft's
     * code taken off the top of its stack trace: it starts at the program's call, as the JDK's would.
     */
    static <T extends Throwable> T atCaller(T exception) {
        StackTraceElement[] frames = exception.getStackTrace();
        int first = 0;
        while (first < frames.length && isWeftFrame(frames[first].getClassName())) {
            first++;
        }
        exception.setStackTrace(Arrays.copyOfRange(frames, first, frames.length));
        return exception;
    }

    private static boolean thrownInWeftsCode(Throwable t) {
        for (StackTraceElement frame : t.getStackTrace()) {
            if (!startsWithAny(frame.getClassName(), JDK_PREFIXES)) {
                return isWeftFrame(frame.getClassName());
            }
        }
        return false;
    }

    /** Weft's own code: anything in {@code dev.weft} but the modelled JDK classes and the programs of runtime tests. */
    static boolean isWeftFrame(String className) {
        if (!className.startsWith(WEFT) || className.startsWith(MODELLED)) {
            return false;
        }
        int lastDot = className.lastIndexOf('.');
        if (!className.substring(0, lastDot).equals(RUNTIME_PACKAGE)) {
            return true;
        }
        int nested = className.indexOf('$');
        return BugReports.RUNTIME_CLASSES.contains(nested < 0 ? className : className.substring(0, nested));
    }

    private static boolean startsWithAny(String className, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
