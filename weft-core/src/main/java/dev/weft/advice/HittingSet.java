package dev.weft.advice;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * An exact minimum hitting set: the fewest fixes that include one of each run's candidates, and among
 * those the one of least total {@link Fix#cost}. The sets are small (a few runs, a few dozen
 * candidates), so a bounded branching search suffices: for k = 1, 2, ... every set of k fixes that
 * hits everything is found once, by branching on the candidates of the run with fewest candidates not
 * hit yet (branch i takes its i-th candidate and rules out the ones before it, which earlier branches tried).
 */
final class HittingSet {
    /** More fixes than any useful advice: beyond it the search gives up. */
    static final int MAX_FIXES = 12;

    private HittingSet() {
    }

    /** The minimum set, or null when some run has no candidate or no set of up to {@link #MAX_FIXES} fixes hits every run. */
    static Set<Fix> minimum(List<Set<Fix>> runs) {
        List<Set<Fix>> sets = minimumSets(runs);
        return sets.isEmpty() ? null : sets.get(0);
    }

    /** Every set of the fewest fixes that hits every run, cheapest first; empty when {@link #minimum} is null. */
    static List<Set<Fix>> minimumSets(List<Set<Fix>> runs) {
        if (runs.stream().anyMatch(Set::isEmpty)) {
            return List.of();
        }
        for (int k = 0; k <= MAX_FIXES; k++) {
            List<Set<Fix>> found = new ArrayList<>();
            search(runs, new TreeSet<>(Fix.ORDER), new LinkedHashSet<>(), k, found);
            if (!found.isEmpty()) {
                return found.stream().sorted(Comparator.comparingInt(HittingSet::cost).thenComparing(Object::toString)).toList();
            }
        }
        return List.of();
    }

    private static void search(List<Set<Fix>> runs, TreeSet<Fix> chosen, Set<Fix> excluded, int budget, List<Set<Fix>> found) {
        List<Fix> unhit = null;
        for (Set<Fix> run : runs) {
            if (run.stream().noneMatch(chosen::contains)) {
                List<Fix> open = run.stream().filter(f -> !excluded.contains(f)).sorted(Fix.ORDER).toList();
                if (unhit == null || open.size() < unhit.size()) {
                    unhit = open;
                }
            }
        }
        if (unhit == null) {
            found.add(new LinkedHashSet<>(chosen));
            return;
        }
        if (budget == 0) {
            return;
        }
        Set<Fix> ruledOut = new LinkedHashSet<>(excluded);
        for (Fix fix : unhit) {
            chosen.add(fix);
            search(runs, chosen, ruledOut, budget - 1, found);
            chosen.remove(fix);
            ruledOut.add(fix);
        }
    }

    private static int cost(Set<Fix> fixes) {
        return fixes.stream().mapToInt(Fix::cost).sum();
    }
}
