package dev.weft.solver;

import static dev.weft.solver.Literals.negate;
import static dev.weft.solver.Literals.variable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The clauses and their two watched literals: unit propagation over the watches, the learned clauses
 * with their activity, and the periodic deletion of the less useful learned half (Glucose's LBD rule).
 */
final class ClauseDatabase {

    private static final double CLAUSE_DECAY = 0.999;

    private final Trail trail;
    private ClauseList[] watches = new ClauseList[128];
    private final List<Clause> learnts = new ArrayList<>();
    private double clauseIncrement = 1;
    private int learntLimit = 4000;

    ClauseDatabase(Trail trail) {
        this.trail = trail;
    }

    void grow(int variableCapacity) {
        watches = Arrays.copyOf(watches, 2 * variableCapacity);
    }

    void attach(Clause clause) {
        watch(clause.literals[0], clause);
        watch(clause.literals[1], clause);
    }

    /** Attaches a learned clause, its LBD taken from the current levels of its literals. */
    void learn(Clause clause) {
        clause.lbd = distinctLevels(clause.literals);
        attach(clause);
        learnts.add(clause);
    }

    /**
     * Visits the clauses watching the negation of a literal just made true: moves each watch to another
     * literal not false, or assigns the clause's other watch, or returns the clause found false.
     */
    Clause propagate(int literal) {
        int falsified = negate(literal);
        ClauseList watching = watches[falsified];
        if (watching == null) {
            return null;
        }
        Clause[] clauses = watching.items;
        int size = watching.size;
        int kept = 0;
        int i = 0;
        Clause conflict = null;
        while (i < size) {
            Clause clause = clauses[i++];
            if (clause.deleted) {
                continue;
            }
            int[] lits = clause.literals;
            if (lits[0] == falsified) {
                lits[0] = lits[1];
                lits[1] = falsified;
            }
            if (trail.value(lits[0]) == Trail.TRUE) {
                clauses[kept++] = clause;
                continue;
            }
            if (movedWatch(clause, falsified)) {
                continue;
            }
            clauses[kept++] = clause;
            if (trail.value(lits[0]) == Trail.FALSE) {
                conflict = clause;
                while (i < size) {
                    clauses[kept++] = clauses[i++];
                }
            } else {
                trail.assign(lits[0], clause);
            }
        }
        watching.size = kept;
        return conflict;
    }

    private boolean movedWatch(Clause clause, int falsified) {
        int[] lits = clause.literals;
        for (int k = 2; k < lits.length; k++) {
            if (trail.value(lits[k]) != Trail.FALSE) {
                lits[1] = lits[k];
                lits[k] = falsified;
                watch(lits[1], clause);
                return true;
            }
        }
        return false;
    }

    boolean full() {
        return learnts.size() >= learntLimit;
    }

    /** Deletes the less useful half of the learned clauses (high LBD, low activity), keeping reasons and glue clauses. */
    void reduce() {
        learnts.sort((a, b) -> a.lbd != b.lbd ? Integer.compare(b.lbd, a.lbd) : Double.compare(a.activity, b.activity));
        int target = learnts.size() / 2;
        List<Clause> kept = new ArrayList<>();
        int removed = 0;
        for (Clause clause : learnts) {
            if (removed < target && clause.lbd > 2 && !isReason(clause)) {
                clause.deleted = true;
                removed++;
            } else {
                kept.add(clause);
            }
        }
        learnts.clear();
        learnts.addAll(kept);
        learntLimit += learntLimit / 10;
    }

    void bump(Clause clause) {
        clause.activity += clauseIncrement;
        if (clause.activity > 1e20) {
            for (Clause learnt : learnts) {
                learnt.activity *= 1e-20;
            }
            clauseIncrement *= 1e-20;
        }
    }

    void decayActivity() {
        clauseIncrement /= CLAUSE_DECAY;
    }

    private boolean isReason(Clause clause) {
        int first = clause.literals[0];
        return trail.value(first) == Trail.TRUE && trail.reason(variable(first)) == clause;
    }

    private int distinctLevels(int[] literals) {
        Set<Integer> distinct = new HashSet<>();
        for (int literal : literals) {
            distinct.add(trail.level(variable(literal)));
        }
        return distinct.size();
    }

    private void watch(int literal, Clause clause) {
        if (watches[literal] == null) {
            watches[literal] = new ClauseList();
        }
        watches[literal].add(clause);
    }

    private static final class ClauseList {
        Clause[] items = new Clause[4];
        int size;

        void add(Clause clause) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = clause;
        }
    }
}
