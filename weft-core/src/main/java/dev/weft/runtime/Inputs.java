package dev.weft.runtime;

import dev.weft.trace.InputValue;
import dev.weft.trace.Location;
import dev.weft.trace.RunResult.Status;
import java.util.Map;

/**
 * The run's program inputs ({@code dev.weft.Weft.input}): each name gets one value per run, the
 * policy's choice, else the run configuration's, else its minimum; the run records every input it
 * reads. Reading an input is no scheduling point: the value depends on no other thread.
 */
final class Inputs {
    private final Scheduler core;
    private final Map<String, Long> chosen;
    private final Map<String, Long> given;

    Inputs(Scheduler core, SchedulePolicy policy, RunConfig config) {
        this.core = core;
        this.chosen = policy.inputs();
        this.given = config.inputs();
    }

    /** @param type 'I', 'J' or 'Z' (a boolean, 0 or 1) */
    long input(String name, long min, long max, char type, int loc) {
        core.enter();
        try {
            InputValue known = core.recording.input(name);
            if (known != null) {
                if (known.type() != type || known.min() != min || known.max() != max) {
                    refuse("input " + name + " is read with two different types or ranges", loc);
                }
                return known.value();
            }
            long value = chosen.getOrDefault(name, given.getOrDefault(name, min));
            if (value < min || value > max) {
                refuse("input " + name + " = " + value + " is outside its range " + min + ".." + max, loc);
            }
            core.recording.input(new InputValue(name, type, min, max, value));
            return value;
        } finally {
            core.unlock();
        }
    }

    /** Ends the run as unsupported: the program's inputs cannot be given as asked (bad input, exit status 2). */
    private void refuse(String why, int loc) {
        Location where = core.symbols.locations().get(loc);
        core.finish(RunEnd.of(Status.UNSUPPORTED, why + (where != null ? " (at " + where.fileAndLine() + ")" : "")));
        throw new RunAbort();
    }
}
