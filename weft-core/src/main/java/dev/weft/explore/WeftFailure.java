package dev.weft.explore;

import dev.weft.runtime.MemoryReserve;

/**
 * Weft's own failures, never the program's: an exception out of a strategy, the solver or the
 * runtime, or the checker out of memory. They end the exploration with verdict ERROR and one line
 * that says what failed and where; the {@link MemoryReserve} is let go first when the checker ran
 * out of memory, so that the exploration can still end and be reported.
 */
public final class WeftFailure {

    private WeftFailure() {
    }

    /** One line for the reports: "Weft failed: ..." with the failure, its causes and the frame that threw it. */
    public static String describe(Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            MemoryReserve.release();
        }
        if (failure instanceof OutOfMemoryError) {
            return "Weft failed: the checker ran out of memory (" + failure.getMessage()
                    + "); give it more with WEFT_JAVA_OPTS=-Xmx<size>, or lower --max-executions or --time-limit";
        }
        StringBuilder line = new StringBuilder("Weft failed: ").append(failure);
        for (Throwable cause = failure.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            line.append("; caused by ").append(cause);
        }
        StackTraceElement where = weftFrame(failure.getStackTrace());
        if (where != null) {
            line.append(" (at ").append(where).append(')');
        }
        return line.toString();
    }

    /** The innermost frame of Weft's own code, which says more than the JDK frame that threw; else the innermost frame. */
    private static StackTraceElement weftFrame(StackTraceElement[] frames) {
        for (StackTraceElement frame : frames) {
            if (frame.getClassName().startsWith("dev.weft.")) {
                return frame;
            }
        }
        return frames.length > 0 ? frames[0] : null;
    }
}
