package dev.weft.runtime;

import dev.weft.trace.RunResult;

/** Performs one controlled run of the program under check, scheduled by {@code policy}. */
@FunctionalInterface
public interface ProgramRunner {

    RunResult run(SchedulePolicy policy);
}
