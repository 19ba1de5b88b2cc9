package subjects;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntSupplier;

/** Loops of every shape the loop analysis tells apart (LoopFinderTest); never run. */
public class LoopShapes {
    static volatile int flag;
    static final int[] cells = new int[2];
    static List<Integer> list = new ArrayList<>();

    /** Two implementations, both pure. */
    interface Gate {
        int read();

        void close();
    }

    static final class FieldGate implements Gate {
        private int value;

        @Override
        public int read() {
            return value;
        }

        @Override
        public void close() {
            value = 0;
        }
    }

    static final class MathGate implements Gate {
        @Override
        public int read() {
            return Math.max(flag, 0);
        }

        @Override
        public void close() {
            flag = 0;
        }
    }

    /** One pure implementation and one that allocates. */
    interface Source {
        int next();

        int size();
    }

    static final class Plain implements Source {
        @Override
        public int next() {
            return flag;
        }

        @Override
        public int size() {
            return 1;
        }
    }

    static final class Boxing implements Source {
        @Override
        public int next() {
            return new int[] {flag}[0];
        }

        @Override
        public int size() {
            return 1;
        }
    }

    static void pureFlag() {
        while (flag == 0) {
            Thread.onSpinWait();
        }
    }

    static int assignedBeforeUse() {
        int v;
        while ((v = flag) == 0) {
            Thread.yield();
        }
        return v;
    }

    static void counting() {
        int n = 0;
        while (flag == 0) {
            if (n++ > 1) {
                break;
            }
        }
    }

    static int keepsTheLastRead() {
        int theirs = flag;
        while (theirs != 0) {
            theirs = flag;
        }
        return theirs;
    }

    static void readsTheClock() {
        while (System.nanoTime() < 5) {
            Thread.onSpinWait();
        }
    }

    static void allocates() {
        while (flag == 0) {
            list = new ArrayList<>();
        }
    }

    static void asksAJdkCollection() {
        while (list.isEmpty()) {
            Thread.onSpinWait();
        }
    }

    static void changesAJdkCollection() {
        while (list.remove(Integer.valueOf(0))) {
            Thread.onSpinWait();
        }
    }

    static void movesAnIteratorOn() {
        Iterator<Integer> values = list.iterator();
        while (values.next() != 0) {
            Thread.onSpinWait();
        }
    }

    static void handsAJdkCollectionAnArray(Integer[] into) {
        while (list.toArray(into)[0] == null) {
            Thread.onSpinWait();
        }
    }

    static int localOnly(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += i;
        }
        return sum;
    }

    static void forever() {
        while (true) {
            // nothing
        }
    }

    static void throughALambda(IntSupplier supplier) {
        while (supplier.getAsInt() == 0) {
            Thread.onSpinWait();
        }
    }

    static void throughPureImplementations(Gate gate) {
        while (gate.read() == 0) {
            Thread.onSpinWait();
        }
    }

    static void throughAnImplementationThatAllocates(Source source) {
        while (source.next() == 0) {
            Thread.onSpinWait();
        }
    }

    static void nested() {
        for (int slot = 0; slot < 2; slot++) {
            while (cells[slot] == 0) {
                Thread.onSpinWait();
            }
        }
    }

    static void synchronizedRecheck(Object lock) {
        while (true) {
            synchronized (lock) {
                if (flag != 0) {
                    return;
                }
            }
        }
    }
}
