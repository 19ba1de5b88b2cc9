package benchmarks;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Shared integer cells read and written either plainly or with volatile semantics, so that each
 * mutual-exclusion algorithm is written once and run in both variants.
 */
interface Cells {
    int get(int index);

    void set(int index, int value);

    static Cells plain(int size) {
        return new Plain(new int[size]);
    }

    static Cells volatileAccess(int size) {
        return new Volatile(new AtomicIntegerArray(size));
    }

    record Plain(int[] values) implements Cells {
        @Override
        public int get(int index) {
            return values[index];
        }

        @Override
        public void set(int index, int value) {
            values[index] = value;
        }
    }

    record Volatile(AtomicIntegerArray values) implements Cells {
        @Override
        public int get(int index) {
            return values.get(index);
        }

        @Override
        public void set(int index, int value) {
            values.set(index, value);
        }
    }
}
