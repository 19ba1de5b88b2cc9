/**
 * The controlled runtime: runs a {@link dev.weft.runtime.ProgramUnderTest} under Weft's scheduler.
 *
 * <p>{@link dev.weft.runtime.ControlledExecutor} performs one run per call: a fresh program copy
 * whose hooks call a per-run scheduler, main in a fresh thread, exactly one program thread running
 * at a time, and every scheduling point decided by a {@link dev.weft.runtime.SchedulePolicy}. Under
 * TSO/PSO plain writes wait in per-thread store buffers and each possible flush is a choice of its
 * own. A run ends with its trace, the schedule that replays it, and the bug (assertion, exception,
 * deadlock, livelock, exit) if any; every program thread is stopped before the result is returned.
 */
package dev.weft.runtime;
