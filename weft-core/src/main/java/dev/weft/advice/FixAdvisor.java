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
 * every bug reachable only through a TSO/PSO/JMM reordering, checked by exploring the program with them.
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
    /** Other fix sets of the same size tried under jmm when the re-check of the cheapest could not cover everything. */
    static final int MAX_ALTERNATIVES = 5;

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
     * @param model    TSO, PSO or JMM
     */
    public static Advice advise(ExplorationResult explored, MemoryModel model, Checker checker) {
        if (model == MemoryModel.SC) {
            throw new IllegalArgumentException("fix advice is for relaxed models: tso, pso or jmm");
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
            List<Set<Fix>> options = HittingSet.minimumSets(runs);
            if (options.isEmpty()) {
                return noFix(scBugs, relaxedBugs, recheck, round, "no fence or volatile field forbids every reordering of a bug run "
                        + "(a reordering between accesses of one line, or of array elements with a fence ruled out)");
            }
            fixes = options.get(0);
            round++;
            recheck = checker.check(model, Fix.virtual(fixes), true);
            if (recheck.verdict() == ExplorationResult.Verdict.ERROR) {
                return noFix(scBugs, relaxedBugs, recheck, round, "the re-check failed: " + recheck.error());
            }
            bugRuns = recheck.bugs().stream().filter(this::relaxedOnly).toList();
            if (bugRuns.isEmpty() && onlyJmmUncovered(recheck)) {
                ExplorationResult[] proved = {recheck};
                fixes = provable(options, fixes, proved);
                recheck = proved[0];
            }
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
                : onlyJmmUncovered(recheck) ? "the re-check with the fixes found no relaxed-only bug, but the fixed program still races,"
                        + " and Weft's jmm runs do not cover every reordering the JMM allows it: " + reasons(recheck)
                : "the re-check with the fixes did not cover every behaviour: " + reasons(recheck));
    }

    /**
     * Under jmm, a set of as many fixes that the re-check covers completely (one that leaves no race for
     * the reorderings Weft does not explore), tried in order of cost after {@code first}, whose re-check
     * left only those out; {@code first} if none of the next few does. {@code recheck[0]} becomes the chosen set's re-check.
     */
    private Set<Fix> provable(List<Set<Fix>> options, Set<Fix> first, ExplorationResult[] recheck) {
        for (Set<Fix> other : options.subList(1, Math.min(options.size(), 1 + MAX_ALTERNATIVES))) {
            ExplorationResult check = checker.check(model, Fix.virtual(other), true);
            if (check.complete() && check.bugs().stream().noneMatch(this::relaxedOnly)) {
                recheck[0] = check;
                return other;
            }
        }
        return first;
    }

    /** Whether all an exploration left out are the reorderings of racy programs that Weft's jmm runs do not show ({@code runtime.JmmCoverage}). */
    private static boolean onlyJmmUncovered(ExplorationResult result) {
        return !result.incompleteReasons().isEmpty() && result.incompleteReasons().stream().allMatch(r -> r.kind().startsWith("jmm-"));
    }

    private Advice noFix(List<Bug> scBugs, List<Bug> relaxedBugs, ExplorationResult recheck, int rounds, String problem) {
        return new Advice(Status.NO_FIX_FOUND, model, scBugs, relaxedBugs, List.of(), recheck, List.of(), rounds, incompleteInputs, problem);
    }

    /** A bug that SC does not show (as far as the SC exploration saw) and whose run needed a reordering. */
    private boolean relaxedOnly(FoundBug found) {
        return !scBugKeys.contains(key(found.bug())) && Reorderings.needed(found.trace(), model);
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
