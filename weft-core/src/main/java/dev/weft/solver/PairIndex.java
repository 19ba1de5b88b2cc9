package dev.weft.solver;

import java.util.Arrays;

/**
 * Open-addressing map from an ordered pair of ints to a non-negative int. Replaces a
 * {@code HashMap<Long, Integer>} whose key hash ({@code high ^ low}) collides badly on event pairs.
 */
final class PairIndex {

    private static final int ABSENT = -1;

    private long[] keys = new long[1024];
    private int[] values = new int[1024];
    private int size;

    PairIndex() {
        Arrays.fill(values, ABSENT);
    }

    /** The value stored for {@code (first, second)}, or -1. */
    int get(int first, int second) {
        long key = key(first, second);
        int mask = keys.length - 1;
        for (int slot = slot(key, mask); values[slot] != ABSENT; slot = (slot + 1) & mask) {
            if (keys[slot] == key) {
                return values[slot];
            }
        }
        return ABSENT;
    }

    /** Stores {@code value} (non-negative) for a pair that has none yet. */
    void put(int first, int second, int value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key(first, second), value);
        size++;
    }

    private void insert(long key, int value) {
        int mask = keys.length - 1;
        int slot = slot(key, mask);
        while (values[slot] != ABSENT) {
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        values[slot] = value;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(values, ABSENT);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != ABSENT) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static long key(int first, int second) {
        return ((long) first << 32) | (second & 0xffffffffL);
    }

    /** The 64-bit finaliser of MurmurHash3 spreads both halves over the table. */
    private static int slot(long key, int mask) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h & mask;
    }
}
