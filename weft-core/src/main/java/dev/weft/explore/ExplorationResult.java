package dev.weft.explore;

import java.util.List;

/**
 * The outcome of one exploration.
 *
 * @param strategy             strategy name
 * @param verdict              BUG if any bug was found; OK only when the exploration is complete; else INCOMPLETE
 * @param complete             true when the strategy proved every behaviour covered
 * @param stop                 why the exploration ended
 * @param executions           runs made
 * @param executionsToFirstBug run number of the first bug, 0 if none
 * @param seconds              wall-clock seconds
 * @param solverSeconds        seconds spent in constraint solving
 * @param bugs                 distinct bugs, in the order found
 * @param error                for UNSUPPORTED and DIVERGED, or an incomplete exploration the strategy can explain:
 *                             what Weft could not do, one line; else null
 */
public record ExplorationResult(String strategy, Verdict verdict, boolean complete, Stop stop, long executions,
                                long executionsToFirstBug, double seconds, double solverSeconds,
                                List<FoundBug> bugs, String error) {

    public enum Verdict {
        BUG, OK, INCOMPLETE;

        public String jsonName() {
            return name().toLowerCase();
        }
    }

    public enum Stop {
        /** The strategy had no run left. */
        EXHAUSTED,
        /** A bug was found and {@code --all-bugs} was not given. */
        BUG_FOUND,
        /** {@code --max-executions} reached. */
        MAX_EXECUTIONS,
        /** {@code --time-limit} reached. */
        TIME_LIMIT,
        /** Stopped from outside (Ctrl-C). */
        CANCELLED,
        /** The program reached something Weft cannot instrument or model. */
        UNSUPPORTED,
        /** A run did not follow its schedule: the program is not deterministic under Weft. */
        DIVERGED
    }
}
