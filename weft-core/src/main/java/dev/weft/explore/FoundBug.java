package dev.weft.explore;

import dev.weft.trace.Bug;
import dev.weft.trace.Choice;
import dev.weft.trace.Trace;
import java.util.List;

/**
 * A bug as the exploration found it.
 *
 * @param bug       what went wrong
 * @param execution the 1-based number of the run that showed it
 * @param schedule  the choices of that run: following them replays it
 * @param trace     the run's events
 * @param replay    whether following {@code schedule} once more reproduced the same bug (anything
 *                  else is a defect of Weft, and is reported as such)
 */
public record FoundBug(Bug bug, long execution, List<Choice> schedule, Trace trace, Replay replay) {

    /** True when the replay reproduced the bug. */
    public boolean replayed() {
        return replay == Replay.REPRODUCED;
    }

    /** What following a bug's schedule once more showed. */
    public enum Replay {
        /** The same bug again. */
        REPRODUCED,
        /** Something else: a defect of Weft. */
        NOT_REPRODUCED,
        /** Not known: the exploration was stopped (time limit, cancel) before or during the replay. */
        NOT_CHECKED
    }
}
