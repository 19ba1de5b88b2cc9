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
 * @param replayed  whether following {@code schedule} once more reproduced the same bug (anything
 *                  else is a defect of Weft, and is reported as such)
 * @param runBugs   every bug of that run, this one among them, in the order the run showed them
 */
public record FoundBug(Bug bug, long execution, List<Choice> schedule, Trace trace, boolean replayed, List<Bug> runBugs) {

    public FoundBug {
        runBugs = List.copyOf(runBugs);
    }

    /** The run's bugs other than this one. */
    public List<Bug> otherBugsOfRun() {
        return runBugs.stream().filter(other -> other != bug).toList();
    }
}
