package dev.weft.advice;

import dev.weft.advice.Advice.Necessity;
import dev.weft.advice.Advice.Status;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.trace.Bug;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * {@code --suggest-fixes}: the fewest fixes (fields made volatile, fences before lines) that remove
 * every bug reachable only through a TSO/PSO reordering, checked by exploring the program with them.
 *
 * <p>Follows Section 7 of "Memory-model-sensitive bytecode checking" (fences from a minimum cut of
 * the edges only the relaxed model has), departing from it in that Weft has runs, not a state graph:
 * each relaxed-only bug run is a set of candidate fixes (those forbidding one of its reorderings) and
 * the fixes are a minimum hitting set of these sets. A run forbidden may leave others with the same bug,
 * so the program is explored again with the fixes and the new bug runs join the sets until none is left;
 * minimality is then shown by runs: without any one fix a relaxed-only bug comes back.
 */
public final class FixAdvisor {
    /** Rounds of fixing and re-exploring before giving up. */
    static final int MAX_ROUNDS = 30;

    /** Explores the program under a model with fixes applied, reporting every distinct bug when {@code allBugs}. */
    public interface Checker {
        ExplorationResult check(MemoryModel model, VirtualFixes fixes, boolean allBugs);
    }

    private final MemoryModel model;
    private final Checker checker;
    private final Set<String> scBugKeys = new HashSet<>();
    private final List<String> incompleteInputs = new ArrayList<>();

    private FixAdvisor(MemoryModel model, Checker checker) {
        this.model = model;
        this.checker = checker;
    }

    /**
     * @param explored the program explored under {@code model} with every bug reported ({@code --all-bugs})
     * @param model    TSO or PSO
     */
    public static Advice advise(ExplorationResult explored, MemoryModel model, Checker checker) {
        if (model == MemoryModel.SC) {
            throw new IllegalArgumentException("fix advice is for relaxed models: tso or pso");
        }
        return new FixAdvisor(model, checker).advise(explored);
    }

    private Advice advise(ExplorationResult explored) {
        note("the exploration under " + model.name(), explored);
        ExplorationResult sc = checker.check(MemoryModel.SC, VirtualFixes.NONE, true);
        note("the exploration under SC", sc);
        if (sc.verdict() == ExplorationResult.Verdict.ERROR) {
            return new Advice(Status.NO_FIX_FOUND, model, List.of(), List.of(), List.of(), null, List.of(), 0, incompleteInputs,
                    "the exploration under SC failed: " + sc.error());
        }
        sc.bugs().forEach(found -> scBugKeys.add(key(found.bug())));
        List<Bug> scBugs = new ArrayList<>();
        List<FoundBug> relaxedOnly = new ArrayList<>();
        for (FoundBug found : explored.bugs()) {
            if (relaxedOnly(found)) {
                relaxedOnly.add(found);
            } else {
                scBugs.add(found.bug());
            }
        }
        List<Bug> relaxedBugs = relaxedOnly.stream().map(FoundBug::bug).toList();
        if (relaxedOnly.isEmpty()) {
            return new Advice(Status.NOTHING_TO_FIX, model, scBugs, relaxedBugs, List.of(), null, List.of(), 0, incompleteInputs, null);
        }
        return fix(relaxedOnly, scBugs, relaxedBugs);
    }

    /** The fixing rounds, then the minimality proof. */
    private Advice fix(List<FoundBug> firstRuns, List<Bug> scBugs, List<Bug> relaxedBugs) {
        List<Set<Fix>> runs = new ArrayList<>();
        Set<Fix> fixes = new LinkedHashSet<>();
        List<FoundBug> bugRuns = firstRuns;
        ExplorationResult recheck = null;
        int round = 0;
        while (!bugRuns.isEmpty()) {
            if (round == MAX_ROUNDS) {
                return noFix(scBugs, relaxedBugs, recheck, round, "relaxed-only bugs were still left after " + MAX_ROUNDS + " rounds of fixes");
            }
            for (FoundBug run : bugRuns) {
                runs.add(Reorderings.candidates(run.trace(), model, fixes));
            }
            Set<Fix> next = HittingSet.minimum(runs);
            if (next == null) {
                return noFix(scBugs, relaxedBugs, recheck, round, "no fence or volatile field forbids every reordering of a bug run "
                        + "(a reordering between accesses of one line, or of array elements with a fence ruled out)");
            }
            fixes = next;
            round++;
            recheck = checker.check(model, Fix.virtual(fixes), true);
            if (recheck.verdict() == ExplorationResult.Verdict.ERROR) {
                return noFix(scBugs, relaxedBugs, recheck, round, "the re-check failed: " + recheck.error());
            }
            bugRuns = recheck.bugs().stream().filter(this::relaxedOnly).toList();
        }
        List<Fix> ordered = fixes.stream().sorted(Fix.ORDER).toList();
        return proveMinimal(ordered, recheck, scBugs, relaxedBugs, round);
    }

    /**
     * Drops each fix in turn and explores: a relaxed-only bug must come back. A fix whose removal left
     * a complete exploration without one was not needed: it goes, and that exploration is the re-check.
     */
    private Advice proveMinimal(List<Fix> fixes, ExplorationResult recheck, List<Bug> scBugs, List<Bug> relaxedBugs, int rounds) {
        List<Fix> kept = new ArrayList<>(fixes);
        List<Necessity> proofs = new ArrayList<>();
        for (Fix fix : fixes) {
            List<Fix> without = new ArrayList<>(kept);
            without.remove(fix);
            ExplorationResult check = checker.check(model, Fix.virtual(new LinkedHashSet<>(without)), !scBugKeys.isEmpty());
            Bug back = check.bugs().stream().filter(this::relaxedOnly).map(FoundBug::bug).findFirst().orElse(null);
            if (back != null) {
                proofs.add(new Necessity(fix, true, back, null));
            } else if (check.complete() && check.verdict() != ExplorationResult.Verdict.ERROR) {
                kept.remove(fix);
                recheck = check;
            } else {
                proofs.add(new Necessity(fix, false, null, "without it no relaxed-only bug was found, but " + reasons(check)));
            }
        }
        proofs.removeIf(p -> !kept.contains(p.fix()));
        boolean proved = recheck.complete() && proofs.stream().allMatch(Necessity::necessary);
        return new Advice(proved ? Status.FIXED : Status.UNPROVED, model, scBugs, relaxedBugs, kept, recheck, proofs, rounds,
                incompleteInputs, proved ? null : recheck.complete() ? "a minimality check did not cover every behaviour"
                : "the re-check with the fixes did not cover every behaviour: " + reasons(recheck));
    }

    private Advice noFix(List<Bug> scBugs, List<Bug> relaxedBugs, ExplorationResult recheck, int rounds, String problem) {
        return new Advice(Status.NO_FIX_FOUND, model, scBugs, relaxedBugs, List.of(), recheck, List.of(), rounds, incompleteInputs, problem);
    }

    /** A bug that SC does not show (as far as the SC exploration saw) and whose run needed a reordering. */
    private boolean relaxedOnly(FoundBug found) {
        return !scBugKeys.contains(key(found.bug())) && !Reorderings.of(found.trace(), model).isEmpty();
    }

    private void note(String what, ExplorationResult result) {
        if (!result.complete()) {
            incompleteInputs.add(what + " did not cover every behaviour: " + reasons(result));
        }
    }

    private static String reasons(ExplorationResult result) {
        return String.join("; ", result.incompleteReasons().stream().map(r -> r.describe()).toList());
    }

    /** Bugs are the same when they are of one kind at one location, as the exploration counts them. */
    private static String key(Bug bug) {
        return bug.kind() + "@" + (bug.location() != null ? bug.location().toString() : Objects.toString(bug.message()));
    }
}
