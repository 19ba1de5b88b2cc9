package dev.weft.runtime;

import dev.weft.trace.Bug;
import dev.weft.trace.RunResult.Status;

/** How a run ended: its status with the bug or a detail, or Weft's own failure ({@code internal}, with a null status). */
record RunEnd(Status status, Bug bug, String detail, Throwable internal) {
    static RunEnd of(Status status, String detail) {
        return new RunEnd(status, null, detail, null);
    }

    static RunEnd bug(Bug bug) {
        return new RunEnd(Status.BUG, bug, null, null);
    }
}
