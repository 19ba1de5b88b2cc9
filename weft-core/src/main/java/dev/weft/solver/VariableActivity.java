package dev.weft.solver;

import java.util.Arrays;

/**
 * VSIDS: each variable's activity, bumped when it takes part in a conflict and decayed by growing the
 * bump, and the heap of decidable variables by activity.
 */
final class VariableActivity {

    private static final double DECAY = 0.95;

    private double[] activity = new double[64];
    private double increment = 1;
    private int variableCount;
    private final VariableHeap heap = new VariableHeap();

    void grow(int capacity) {
        activity = Arrays.copyOf(activity, capacity);
    }

    void added(int variableCount) {
        this.variableCount = variableCount;
        heap.grow(variableCount);
    }

    boolean active(int v) {
        return activity[v] > 0;
    }

    /** Makes an active variable decidable by activity. */
    void enqueue(int v) {
        heap.insert(v, activity);
    }

    boolean isEmpty() {
        return heap.isEmpty();
    }

    int removeMostActive() {
        return heap.removeMax(activity);
    }

    void bump(int v) {
        activity[v] += increment;
        if (activity[v] > 1e100) {
            for (int i = 0; i < variableCount; i++) {
                activity[i] *= 1e-100;
            }
            increment *= 1e-100;
        }
        heap.increased(v, activity);
    }

    void decay() {
        increment /= DECAY;
    }
}
