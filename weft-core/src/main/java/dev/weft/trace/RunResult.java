package dev.weft.trace;

import java.util.List;
import java.util.Map;

/**
 * What one controlled run produced.
 *
 * @param status     how the run ended
 * @param trace      the events recorded
 * @param schedule   the choices actually taken, which replay this run exactly
 * @param bug        the bug when {@code status == BUG}, else null
 * @param detail     for UNSUPPORTED / DIVERGED / ERROR: what happened, one line
 * @param finalState final value of every static field of the program's classes ("pkg.Class.field" to rendered value), for outcome comparisons in tests
 */
public record RunResult(Status status, Trace trace, List<Choice> schedule, Bug bug, String detail,
                        Map<String, String> finalState) {

    public enum Status {
        /** Every thread finished (or the program exited with status 0). */
        COMPLETED,
        /** A bug was found; see {@link RunResult#bug()}. */
        BUG,
        /** The program reached something Weft cannot control (an unmodelled API, code blocking inside the JDK). */
        UNSUPPORTED,
        /** The schedule asked for a choice that was not enabled: the program is not deterministic under Weft. */
        DIVERGED
    }
}
