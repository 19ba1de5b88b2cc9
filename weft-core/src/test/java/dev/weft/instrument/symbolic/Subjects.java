package dev.weft.instrument.symbolic;

import dev.weft.Weft;

/** Programs for the shadow execution's tests ({@code SymbolicVisitorTest}), run with only the symbolic visitor. */
public final class Subjects {
    public static int shared;
    public static long wide;
    public int field;

    private Subjects() {
    }

    /** The paper's M0 shape, one thread: a branch on a linear function of two inputs, a write and a read back. */
    public static int linear() {
        int i = Weft.input("i", 0, 10);
        int j = Weft.input("j", 0, 10);
        if (i * 2 + 1 > 7) {
            return 1;
        }
        shared = j - i;
        if (shared == 3) {
            return 2;
        }
        return 0;
    }

    public static int throughCall() {
        int i = Weft.input("i", 0, 10);
        if (twice(i + 1) == 4) {
            return 1;
        }
        return 0;
    }

    private static int twice(int v) {
        return v + v;
    }

    public static int longs() {
        long k = Weft.input("k", 0L, 100L);
        int n = (int) (k * 3 - 1);
        if (k * 3 > 10L) {
            return 1;
        }
        return n < 0 ? -1 : 0;
    }

    public static int nonLinear() {
        int i = Weft.input("i", 0, 10);
        int j = Weft.input("j", 0, 10);
        if (i * j > 3) {
            return 1;
        }
        return 0;
    }

    /** A JDK copy of a symbolic element: the copy's expression is unknown to the shadow. */
    public static int copiedByTheJdk() {
        int[] from = new int[1];
        from[0] = Weft.input("i", 0, 10);
        int[] to = new int[1];
        System.arraycopy(from, 0, to, 0, 1);
        return to[0] > 3 ? 1 : 0;
    }

    public static int intoTheJdk() {
        int i = Weft.input("i", -5, 5);
        if (Math.abs(i) > 3) {
            return 1;
        }
        return 0;
    }

    /** Values and stack shapes the shadow must keep in step with: dups, longs in locals, a caught exception, an array, an instance field. */
    public static long mixed() {
        int i = Weft.input("i", 0, 10);
        long total = 7L;
        int[] cells = new int[3];
        cells[1] = i;
        cells[2] += cells[1] + 1;
        Subjects s = new Subjects();
        s.field += i;
        try {
            if (s.field > 100) {
                total += 1;
            }
            throw new IllegalStateException("caught below");
        } catch (IllegalStateException e) {
            total += cells[2] * 2L + s.field;
        }
        boolean flag = Weft.inputBoolean("flag");
        wide = total;
        int after = i + 4;
        if (after != 9 && flag) {
            total -= after;
        }
        return total * 31 + after;
    }
}
