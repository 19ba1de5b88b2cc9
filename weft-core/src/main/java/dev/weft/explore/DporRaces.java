package dev.weft.explore;

import dev.weft.explore.Transition.Relation;
import dev.weft.trace.Address;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The races of one DPOR run: happens-before as vector clocks over its steps, and the step pairs in race. */
final class DporRaces {
    private final List<Transition> steps;
    private final List<List<Integer>> fixedBefore;
    private final int[] actorOf;
    /** clocks[j][a]: how many steps of actor a happen before step j or are step j. */
    private final int[][] clocks;
    /** own[j]: step j's position among its actor's steps, from 1. */
    private final int[] own;
    /** Step pairs {i, j}, i before j, in race: dependent, and no other step orders them. */
    final List<int[]> pairs = new ArrayList<>();

    DporRaces(DporRun run) {
        steps = run.steps;
        fixedBefore = run.fixedBefore;
        int n = steps.size();
        Map<Actor, Integer> index = new HashMap<>();
        actorOf = new int[n];
        for (int j = 0; j < n; j++) {
            actorOf[j] = index.computeIfAbsent(steps.get(j).actor(), a -> index.size());
        }
        int width = index.size();
        clocks = new int[n][];
        own = new int[n];
        int[] count = new int[width];
        int[] previous = new int[width];
        Arrays.fill(previous, -1);
        StepIndex related = new StepIndex();
        for (int j = 0; j < n; j++) {
            int actor = actorOf[j];
            int[] full = previous[actor] >= 0 ? clocks[previous[actor]].clone() : new int[width];
            for (int fixed : fixedBefore.get(j)) {
                join(full, clocks[fixed]);
            }
            // Lock-order edges are left out when deciding whether two acquisitions race directly.
            int[] withoutLockOrder = full.clone();
            Transition later = steps.get(j);
            for (int i : related.candidates(j, later)) {
                if (actorOf[i] == actor) {
                    continue;
                }
                Relation relation = Transition.relate(steps.get(i), later);
                if (relation == Relation.RACE) {
                    int[] seen = steps.get(i).acquires() && later.acquires() ? withoutLockOrder : full;
                    if (seen[actorOf[i]] < own[i]) {
                        pairs.add(new int[] {i, j});
                    }
                    join(full, clocks[i]);
                    join(withoutLockOrder, clocks[i]);
                } else if (relation == Relation.ORDERED) {
                    join(full, clocks[i]);
                }
            }
            own[j] = ++count[actor];
            full[actor] = own[j];
            clocks[j] = full;
            previous[actor] = j;
            related.add(j, later);
        }
    }

    boolean happensBefore(int i, int j) {
        return clocks[j][actorOf[i]] >= own[i];
    }

    /**
     * I[E'](v) for v = notdep(e_i, E).e_j: the actors whose first step in v has no
     * happens-before predecessor in v.
     */
    Set<Actor> initialsOfReversal(int i, int j) {
        Set<Actor> initials = new LinkedHashSet<>();
        Map<Integer, Integer> firstStep = new LinkedHashMap<>();
        List<Integer> notDependent = new ArrayList<>();
        for (int u = i + 1; u < j; u++) {
            if (happensBefore(i, u)) {
                continue;
            }
            notDependent.add(u);
            if (firstStep.containsKey(actorOf[u])) {
                continue;
            }
            // Steps of one actor in notdep form a prefix of its steps after e_i, so checking first steps suffices.
            boolean preceded = false;
            for (int first : firstStep.values()) {
                preceded |= happensBefore(first, u);
            }
            firstStep.put(actorOf[u], u);
            if (!preceded) {
                initials.add(steps.get(u).actor());
            }
        }
        if (!firstStep.containsKey(actorOf[j])) {
            boolean preceded = false;
            for (int u : notDependent) {
                preceded |= fixedBefore.get(j).contains(u) || Transition.relate(steps.get(u), steps.get(j)) != Relation.INDEPENDENT;
            }
            if (!preceded) {
                initials.add(steps.get(j).actor());
            }
        }
        return initials;
    }

    private static void join(int[] into, int[] other) {
        for (int k = 0; k < into.length; k++) {
            into[k] = Math.max(into[k], other[k]);
        }
    }

    /** Earlier steps by what they touch, so that a step is compared only with those it may relate to. */
    private static final class StepIndex {
        private final Map<Address, List<Integer>> byAddress = new HashMap<>();
        /** Steps that may have ended the run: related to every later step. */
        private final List<Integer> ends = new ArrayList<>();

        /** Steps before {@code j} that may relate to {@code step}, latest first. */
        int[] candidates(int j, Transition step) {
            if (step.endsRun()) {
                int[] all = new int[j];
                for (int i = 0; i < j; i++) {
                    all[i] = j - 1 - i;
                }
                return all;
            }
            Set<Integer> found = new HashSet<>(ends);
            for (Address a : step.touched()) {
                found.addAll(byAddress.getOrDefault(a, List.of()));
            }
            return found.stream().mapToInt(Integer::intValue).map(i -> -i).sorted().map(i -> -i).toArray();
        }

        void add(int j, Transition step) {
            for (Address a : step.touched()) {
                byAddress.computeIfAbsent(a, k -> new ArrayList<>()).add(j);
            }
            if (step.endsRun()) {
                ends.add(j);
            }
        }
    }
}
