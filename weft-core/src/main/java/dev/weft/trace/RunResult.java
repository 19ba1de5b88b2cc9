package dev.weft.trace;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one controlled run produced.
 *
 * @param status     how the run ended
 * @param trace      the events recorded
 * @param schedule   the choices actually taken, which replay this run exactly
 * @param bugs       every bug of the run, in the order the run showed them (empty unless {@code status == BUG}):
 *                   an uncaught exception ends only its thread, so a run goes on and may show several
 * @param detail     for UNSUPPORTED / DIVERGED / STOPPED / CUT: what happened, one line
 * @param finalState final value of every static field of the program's classes ("pkg.Class.field" to rendered value), for outcome comparisons in tests
 * @param incompleteReasons why this run cannot count as covering what it stands for, each once (counts of 1): a run cut by
 *                   a bound before its end, a run that relied on something Weft could not model. The explorer adds
 *                   them up over the runs into the exploration's reasons; an exploration with any is never complete.
 *                   Empty for a run that covered what it ran.
 */
public record RunResult(Status status, Trace trace, List<Choice> schedule, List<Bug> bugs, String detail,
                        Map<String, String> finalState, List<IncompleteReason> incompleteReasons) {

    /** A run with no reason to doubt its coverage. */
    public RunResult(Status status, Trace trace, List<Choice> schedule, List<Bug> bugs, String detail, Map<String, String> finalState) {
        this(status, trace, schedule, bugs, detail, finalState, List.of());
    }

    public enum Status {
        /** Every thread finished (or the program exited with status 0), without a bug. */
        COMPLETED,
        /** The run showed at least one bug; see {@link RunResult#bugs()}. */
        BUG,
        /** The program reached something Weft cannot control (an unmodelled API, code blocking inside the JDK). */
        UNSUPPORTED,
        /** The schedule asked for a choice that was not enabled: the program is not deterministic under Weft. */
        DIVERGED,
        /**
         * Stopped from outside before its end (the exploration's time limit passed, or it was cancelled):
         * its trace is partial and stands for nothing, strategies ignore it.
         */
        STOPPED,
        /**
         * A bound cut the run before its end (a loop repeated its iterations more often in a row than the
         * loop bound allows; {@code detail} says where): its trace is a prefix of a run, and an exploration
         * that made such a run did not cover what lies beyond the cut.
         */
        CUT,
        /**
         * The program called {@code Weft.assume(false)}: the run is no behaviour of the program, and its
         * end is no bug. Bugs it showed before are real (the status is then {@link #BUG}).
         */
        ASSUMPTION_FAILED
    }

    public RunResult {
        bugs = List.copyOf(bugs);
        incompleteReasons = List.copyOf(incompleteReasons);
    }

    /** The run's first bug, or null. */
    public Bug bug() {
        return bugs.isEmpty() ? null : bugs.get(0);
    }

    /**
     * The run's observable outcome, for comparing the states strategies reach: its bugs' kinds and
     * locations (in a fixed order: which of two failing threads a run reports first is no part of its
     * state), or every static's final value.
     */
    public String outcome() {
        return switch (status) {
            case BUG -> String.join("; ", new TreeSet<>(bugs.stream().map(RunResult::outcome).toList()));
            case COMPLETED -> new TreeMap<>(finalState).toString();
            case UNSUPPORTED, DIVERGED, STOPPED, CUT, ASSUMPTION_FAILED -> status + ": " + detail;
        };
    }

    /** One bug as an outcome: "bug &lt;kind&gt; at &lt;File.java:line&gt;". */
    public static String outcome(Bug bug) {
        return "bug " + bug.kind().jsonName() + " at " + (bug.location() == null ? "?" : bug.location().fileAndLine());
    }
}
