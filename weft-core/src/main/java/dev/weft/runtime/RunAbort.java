package dev.weft.runtime;

/**
 * Thrown into program threads when their run is over (a bug, an exit, an unsupported call, a
 * diverged schedule). Every hook throws it again once the run is over, so a program that catches
 * it cannot keep running controlled code; the runtime never reports it as the program's failure.
 */
final class RunAbort extends Error {
    RunAbort() {
        super("Weft run is over", null, false, false);
    }
}
