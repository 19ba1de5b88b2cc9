package dev.weft.advice;

import dev.weft.explore.ExplorationResult;
import dev.weft.trace.Bug;
import dev.weft.trace.MemoryModel;
import java.util.List;

/**
 * What {@code --suggest-fixes} found: which bugs are fence problems, the fixes, the re-check of the
 * program with them, and the minimality proof.
 *
 * @param model            the relaxed model the advice is for
 * @param scBugs           bugs that sequential consistency shows too: no fence removes them
 * @param relaxedOnlyBugs  bugs of runs that needed a reordering, as the first exploration found them
 * @param fixes            the fixes, cheapest first (empty unless {@link Status#FIXED} or {@link Status#UNPROVED})
 * @param recheck          the exploration of the program with every fix applied, or null when none was made
 * @param minimality       for each fix, what dropping it showed
 * @param rounds           explorations with fixes applied until none left a relaxed-only bug
 * @param incompleteInputs why the explorations the advice is based on (the first one, the one under SC)
 *                         did not cover everything; empty when they did
 * @param problem          why no fix set was found or proved, or null
 */
public record Advice(Status status, MemoryModel model, List<Bug> scBugs, List<Bug> relaxedOnlyBugs, List<Fix> fixes,
                     ExplorationResult recheck, List<Necessity> minimality, int rounds, List<String> incompleteInputs, String problem) {

    public Advice {
        scBugs = List.copyOf(scBugs);
        relaxedOnlyBugs = List.copyOf(relaxedOnlyBugs);
        fixes = List.copyOf(fixes);
        minimality = List.copyOf(minimality);
        incompleteInputs = List.copyOf(incompleteInputs);
    }

    public enum Status {
        /** No bug needed a reordering: nothing for a fence or volatile to do. */
        NOTHING_TO_FIX,
        /** The fixes remove every relaxed-only bug (the re-check covered every behaviour) and each is needed (proved by runs). */
        FIXED,
        /** Fixes were found, but the re-check or a minimality check did not cover every behaviour. */
        UNPROVED,
        /** No set of fixes was found: see {@link #problem}. */
        NO_FIX_FOUND;

        public String jsonName() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /**
     * What the program showed without one fix.
     *
     * @param necessary true when a relaxed-only bug came back (shown by {@code witness})
     * @param witness   that bug, or null
     * @param reason    when not proved necessary: why (the check without it did not cover everything)
     */
    public record Necessity(Fix fix, boolean necessary, Bug witness, String reason) {
    }
}
