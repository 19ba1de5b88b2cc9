package dev.weft.solver;

import static dev.weft.solver.Literals.isNegative;
import static dev.weft.solver.Literals.variable;

import java.util.Arrays;

/**
 * The current partial assignment: each variable's value, the decision level it was assigned at and
 * the clause that forced it (null for decisions and assumptions), the assigned literals in order,
 * and where each decision level starts. The phase a variable last had is kept when it is unassigned.
 */
final class Trail {

    static final int UNASSIGNED = 0;
    static final int TRUE = 1;
    static final int FALSE = 2;

    private byte[] values = new byte[64];
    private int[] levels = new int[64];
    private Clause[] reasons = new Clause[64];
    private boolean[] savedPhase = new boolean[64];
    private final IntVec literals = new IntVec(256);
    private final IntVec levelStarts = new IntVec();

    void grow(int capacity) {
        values = Arrays.copyOf(values, capacity);
        levels = Arrays.copyOf(levels, capacity);
        reasons = Arrays.copyOf(reasons, capacity);
        savedPhase = Arrays.copyOf(savedPhase, capacity);
    }

    void assign(int literal, Clause reason) {
        int v = variable(literal);
        values[v] = (byte) (isNegative(literal) ? FALSE : TRUE);
        levels[v] = decisionLevel();
        reasons[v] = reason;
        literals.add(literal);
    }

    /** TRUE, FALSE or UNASSIGNED, for the literal (not its variable). */
    int value(int literal) {
        int value = values[variable(literal)];
        if (value == UNASSIGNED || !isNegative(literal)) {
            return value;
        }
        return value == TRUE ? FALSE : TRUE;
    }

    boolean isUnassigned(int v) {
        return values[v] == UNASSIGNED;
    }

    int level(int v) {
        return levels[v];
    }

    Clause reason(int v) {
        return reasons[v];
    }

    boolean savedPhase(int v) {
        return savedPhase[v];
    }

    int decisionLevel() {
        return levelStarts.size();
    }

    /** Starts a new decision level at the current end of the trail. */
    void newLevel() {
        levelStarts.add(literals.size());
    }

    int levelStart(int level) {
        return levelStarts.get(level);
    }

    int size() {
        return literals.size();
    }

    int literalAt(int index) {
        return literals.get(index);
    }

    /** Unassigns the literals from position {@code start} on, remembering their phases, and drops levels above {@code level}. */
    void undoTo(int level, int start) {
        for (int i = literals.size() - 1; i >= start; i--) {
            int literal = literals.get(i);
            int v = variable(literal);
            values[v] = UNASSIGNED;
            reasons[v] = null;
            savedPhase[v] = !isNegative(literal);
        }
        literals.shrinkTo(start);
        levelStarts.shrinkTo(level);
    }
}
