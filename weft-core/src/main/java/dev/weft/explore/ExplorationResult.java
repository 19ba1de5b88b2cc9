package dev.weft.explore;

import dev.weft.trace.IncompleteReason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one exploration.
 *
 * @param strategy             strategy name
 * @param verdict              BUG if any bug was found; else ERROR if Weft itself failed; else OK when the exploration
 *                             is complete; else INCOMPLETE
 * @param stop                 why the exploration ended
 * @param executions           runs made
 * @param executionsToFirstBug run number of the first bug, 0 if none
 * @param seconds              wall-clock seconds
 * @param solverSeconds        seconds spent in constraint solving
 * @param bugs                 distinct bugs, in the order found
 * @param error                for UNSUPPORTED, DIVERGED and ERROR: what Weft could not do, one line; else null
 * @param incompleteReasons    every reason the exploration cannot claim to have covered every behaviour, each once
 *                             with how often it happened; empty exactly when it is complete
 * @param workers              threads that explored at the same time
 * @param repeatedRuns         runs that repeated the read state of an earlier run, where the strategy's design admits
 *                             them ({@link Strategy#repeatedRuns()}: mcr on several workers)
 * @param counts               the strategy's own counts for the summary ({@link Strategy#counts()}), by camel-case name
 */
public record ExplorationResult(String strategy, Verdict verdict, Stop stop, long executions,
                                long executionsToFirstBug, double seconds, double solverSeconds,
                                List<FoundBug> bugs, String error, List<IncompleteReason> incompleteReasons,
                                int workers, long repeatedRuns, Map<String, Long> counts) {

    public ExplorationResult {
        bugs = List.copyOf(bugs);
        incompleteReasons = List.copyOf(incompleteReasons);
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    /** A result without strategy counts. */
    public ExplorationResult(String strategy, Verdict verdict, Stop stop, long executions, long executionsToFirstBug, double seconds,
                             double solverSeconds, List<FoundBug> bugs, String error, List<IncompleteReason> incompleteReasons,
                             int workers, long repeatedRuns) {
        this(strategy, verdict, stop, executions, executionsToFirstBug, seconds, solverSeconds, bugs, error, incompleteReasons, workers,
                repeatedRuns, Map.of());
    }

    /** The result of an exploration on one worker that repeated no run. */
    public ExplorationResult(String strategy, Verdict verdict, Stop stop, long executions, long executionsToFirstBug, double seconds,
                             double solverSeconds, List<FoundBug> bugs, String error, List<IncompleteReason> incompleteReasons) {
        this(strategy, verdict, stop, executions, executionsToFirstBug, seconds, solverSeconds, bugs, error, incompleteReasons, 1, 0);
    }

    /** True when every behaviour of the program was covered: the strategy ran out of runs and nothing was cut or undecided. */
    public boolean complete() {
        return incompleteReasons.isEmpty();
    }

    /**
     * This result after Weft failed at something that came after the exploration (writing a report):
     * the failure is its error and a reason against completeness, and its verdict is ERROR unless a
     * bug was found (a bug stays a bug).
     */
    public ExplorationResult withFailure(String failure) {
        List<IncompleteReason> reasons = new ArrayList<>(incompleteReasons);
        reasons.add(IncompleteReason.of("error", failure));
        String errors = error == null ? failure : error + "; " + failure;
        return new ExplorationResult(strategy, bugs.isEmpty() ? Verdict.ERROR : Verdict.BUG, stop, executions, executionsToFirstBug,
                seconds, solverSeconds, bugs, errors, reasons, workers, repeatedRuns, counts);
    }

    public enum Verdict {
        BUG, OK, INCOMPLETE,
        /** Weft itself failed (an internal error, the checker out of memory): nothing is claimed about the program. */
        ERROR;

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
        /** Stopped from outside (Ctrl-C, a termination signal). */
        CANCELLED,
        /** The program reached something Weft cannot instrument or model. */
        UNSUPPORTED,
        /** A run did not follow its schedule: the program is not deterministic under Weft. */
        DIVERGED,
        /** Weft itself failed. */
        ERROR;

        /** The name in the JSON summary ("time-limit"). */
        public String jsonName() {
            return name().toLowerCase().replace('_', '-');
        }
    }
}
