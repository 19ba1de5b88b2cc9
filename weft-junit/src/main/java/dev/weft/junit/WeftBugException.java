package dev.weft.junit;

import dev.weft.trace.Bug;

/**
 * Stands for a bug that is not an exception of the test's own thread (a deadlock, a livelock, a
 * failure in a thread the test started); its stack trace is the recorded one, in the report.
 */
public final class WeftBugException extends RuntimeException {
    WeftBugException(Bug bug) {
        super(bug.kind().jsonName() + " in thread " + bug.thread() + ": " + bug.message(), null, false, false);
    }
}
