package dev.weft.solver;

import java.util.Arrays;

/** A growable int array without boxing, for the solver's hot loops. */
final class IntVec {

    private int[] items;
    private int size;

    IntVec() {
        this(4);
    }

    IntVec(int capacity) {
        items = new int[Math.max(1, capacity)];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int get(int index) {
        return items[index];
    }

    void set(int index, int value) {
        items[index] = value;
    }

    void add(int value) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = value;
    }

    int removeLast() {
        return items[--size];
    }

    void shrinkTo(int newSize) {
        size = newSize;
    }

    void clear() {
        size = 0;
    }

    int[] toArray() {
        return Arrays.copyOf(items, size);
    }
}
