package dev.weft.trace;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One reason why an exploration cannot claim to have covered every behaviour of the program. An
 * exploration is complete exactly when it has no such reason; each one is listed in the JSON summary
 * ({@code incompleteReasons}) and in the reports.
 *
 * <p>Reasons come from three places: the exploration's stop (a limit, a cancel), the strategy
 * ({@code Strategy.incompleteReasons()}: what it cut or could not decide) and the runs
 * ({@link RunResult#incompleteReasons()}: what one run cut or could not model). The explorer adds
 * up reasons of the same kind and message, so a reason that many runs give appears once, with
 * their number as its count.
 *
 * @param kind    a stable key for tools, lower case with hyphens ({@code "time-limit"}, {@code "loop-bound"}, ...)
 * @param message what happened, once, as one sentence for people (no count in it: {@code count} says how often)
 * @param count   how often it happened (runs, solver queries, ...), at least 1
 */
public record IncompleteReason(String kind, String message, long count) implements Serializable {

    public IncompleteReason {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, got " + count);
        }
    }

    /** A reason that happened once. */
    public static IncompleteReason of(String kind, String message) {
        return new IncompleteReason(kind, message, 1);
    }

    /** True when {@code other} is the same reason, whatever its count. */
    public boolean sameAs(IncompleteReason other) {
        return kind.equals(other.kind) && message.equals(other.message);
    }

    /** This reason counted {@code more} more times. */
    public IncompleteReason plus(long more) {
        return new IncompleteReason(kind, message, count + more);
    }

    /** Adds {@code reason} to {@code reasons}, counting it into an equal one already there. */
    public static void addTo(List<IncompleteReason> reasons, IncompleteReason reason) {
        for (int i = 0; i < reasons.size(); i++) {
            if (reasons.get(i).sameAs(reason)) {
                reasons.set(i, reasons.get(i).plus(reason.count()));
                return;
            }
        }
        reasons.add(reason);
    }

    /** The message, with its count when above one: "a seed query hit the solver's limit (3 times)". */
    public String describe() {
        return count == 1 ? message : message + " (" + count + " times)";
    }
}
