package dev.weft.solver;

import static dev.weft.solver.Literals.negate;
import static dev.weft.solver.Literals.variable;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What a conflict teaches: the first-UIP clause learned from a false clause, and the assumptions to
 * blame when an assumption is found false (MiniSat's analyzeFinal). Bumps the activity of what took part.
 */
final class ConflictAnalysis {

    private final Trail trail;
    private final ClauseDatabase clauses;
    private final VariableActivity activity;
    private boolean[] seen = new boolean[64];

    ConflictAnalysis(Trail trail, ClauseDatabase clauses, VariableActivity activity) {
        this.trail = trail;
        this.clauses = clauses;
        this.activity = activity;
    }

    void grow(int capacity) {
        seen = Arrays.copyOf(seen, capacity);
    }

    /**
     * The first-UIP clause of a conflict at the current level, minimised: its asserting literal first
     * and, if it has others, the one of the highest level second (the backjump level is that level).
     */
    int[] learnedClause(Clause conflict) {
        IntVec learnt = new IntVec();
        learnt.add(0);
        int pathCount = 0;
        int asserting = -1;
        int index = trail.size() - 1;
        Clause reason = conflict;
        int currentLevel = trail.decisionLevel();
        IntVec marked = new IntVec();
        do {
            if (reason.learnt) {
                clauses.bump(reason);
            }
            for (int literal : reason.literals) {
                if (literal == asserting) {
                    continue;
                }
                int v = variable(literal);
                if (!seen[v] && trail.level(v) > 0) {
                    seen[v] = true;
                    marked.add(v);
                    activity.bump(v);
                    if (trail.level(v) >= currentLevel) {
                        pathCount++;
                    } else {
                        learnt.add(literal);
                    }
                }
            }
            while (!seen[variable(trail.literalAt(index))]) {
                index--;
            }
            asserting = trail.literalAt(index--);
            reason = trail.reason(variable(asserting));
            pathCount--;
        } while (pathCount > 0);
        learnt.set(0, negate(asserting));
        int[] literals = minimize(learnt);
        for (int i = 0; i < marked.size(); i++) {
            seen[marked.get(i)] = false;
        }
        moveHighestLevelSecond(literals);
        return literals;
    }

    private void moveHighestLevelSecond(int[] literals) {
        if (literals.length < 2) {
            return;
        }
        int highest = 1;
        for (int i = 2; i < literals.length; i++) {
            if (trail.level(variable(literals[i])) > trail.level(variable(literals[highest]))) {
                highest = i;
            }
        }
        int swap = literals[1];
        literals[1] = literals[highest];
        literals[highest] = swap;
    }

    /** Drops literals implied by the others through their reason clauses (local minimisation). */
    private int[] minimize(IntVec learnt) {
        IntVec result = new IntVec(learnt.size());
        result.add(learnt.get(0));
        for (int i = 1; i < learnt.size(); i++) {
            int literal = learnt.get(i);
            Clause reason = trail.reason(variable(literal));
            boolean redundant = reason != null;
            if (reason != null) {
                for (int other : reason.literals) {
                    int v = variable(other);
                    if (v != variable(literal) && !seen[v] && trail.level(v) > 0) {
                        redundant = false;
                        break;
                    }
                }
            }
            if (!redundant) {
                result.add(literal);
            }
        }
        return result.toArray();
    }

    /** The positions of the assumptions that, with the base, force {@code failed} false. */
    int[] failedAssumptions(int failed, int[] assumptions) {
        Set<Integer> culprits = new LinkedHashSet<>();
        culprits.add(failed);
        int v0 = variable(failed);
        if (trail.level(v0) > 0) {
            seen[v0] = true;
            for (int i = trail.size() - 1; i >= trail.levelStart(0); i--) {
                int v = variable(trail.literalAt(i));
                if (!seen[v]) {
                    continue;
                }
                Clause reason = trail.reason(v);
                if (reason == null) {
                    culprits.add(trail.literalAt(i));
                } else {
                    for (int literal : reason.literals) {
                        if (trail.level(variable(literal)) > 0) {
                            seen[variable(literal)] = true;
                        }
                    }
                }
                seen[v] = false;
            }
            seen[v0] = false;
        }
        IntVec core = new IntVec();
        for (int i = 0; i < assumptions.length; i++) {
            if (culprits.remove(assumptions[i])) {
                core.add(i);
            }
        }
        return core.toArray();
    }
}
