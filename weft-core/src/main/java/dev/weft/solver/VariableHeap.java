package dev.weft.solver;

import java.util.Arrays;

/**
 * A binary max-heap of variables keyed by an activity array owned by the caller (VSIDS order); equal
 * activities go by increasing variable number.
 */
final class VariableHeap {

    private int[] heap = new int[64];
    private int size;
    /** Index of each variable in {@link #heap}, or -1 when absent. */
    private int[] indexOf = new int[0];

    void grow(int variableCount) {
        if (variableCount > indexOf.length) {
            int old = indexOf.length;
            indexOf = Arrays.copyOf(indexOf, Math.max(variableCount, 2 * old));
            Arrays.fill(indexOf, old, indexOf.length, -1);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    void insert(int v, double[] activity) {
        if (indexOf[v] >= 0) {
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, 2 * size);
        }
        heap[size] = v;
        indexOf[v] = size;
        siftUp(size++, activity);
    }

    /** Restores the heap after {@code v}'s activity grew, inserting it if absent. */
    void increased(int v, double[] activity) {
        if (indexOf[v] >= 0) {
            siftUp(indexOf[v], activity);
        } else {
            insert(v, activity);
        }
    }

    int removeMax(double[] activity) {
        int top = heap[0];
        indexOf[top] = -1;
        size--;
        if (size > 0) {
            heap[0] = heap[size];
            indexOf[heap[0]] = 0;
            siftDown(0, activity);
        }
        return top;
    }

    private void siftUp(int index, double[] activity) {
        int v = heap[index];
        while (index > 0) {
            int parent = (index - 1) >> 1;
            if (!above(v, heap[parent], activity)) {
                break;
            }
            heap[index] = heap[parent];
            indexOf[heap[index]] = index;
            index = parent;
        }
        heap[index] = v;
        indexOf[v] = index;
    }

    private void siftDown(int index, double[] activity) {
        int v = heap[index];
        while (true) {
            int child = 2 * index + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && above(heap[child + 1], heap[child], activity)) {
                child++;
            }
            if (!above(heap[child], v, activity)) {
                break;
            }
            heap[index] = heap[child];
            indexOf[heap[index]] = index;
            index = child;
        }
        heap[index] = v;
        indexOf[v] = index;
    }

    /** Higher activity first; among equals the older variable. */
    private static boolean above(int a, int b, double[] activity) {
        return activity[a] > activity[b] || (activity[a] == activity[b] && a < b);
    }
}
