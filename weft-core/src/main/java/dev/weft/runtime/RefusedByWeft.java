package dev.weft.runtime;

/**
 * A throwable that means Weft refuses the program, for the reason its message gives (a class it
 * cannot instrument, say): when one reaches a program thread, directly or as a cause, the run ends
 * as {@link dev.weft.trace.RunResult.Status#UNSUPPORTED} with that reason, never as the program's bug.
 */
public interface RefusedByWeft {
}
