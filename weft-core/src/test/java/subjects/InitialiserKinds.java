package subjects;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Static initialisers of every kind ClassFacts tells apart. */
public final class InitialiserKinds {
    private InitialiserKinds() {
    }

    public static final class NoInitialiser {
        static int counter;
    }

    public static final class ConstantsAndOwnState {
        static final Object LOCK = new Object();
        static final int[] TABLE = {1, 2, 3};
        static final List<String> NAMES = List.of("a", "b");
        static final Map<String, Integer> BY_NAME = new HashMap<>();
        static int counter = 0;

        void check() {
            assert counter >= 0;
        }
    }

    public static final class CallsProgramCode {
        static final int VALUE = compute();

        static int compute() {
            return 1;
        }
    }

    public static final class ReadsAnotherClass {
        static final int COPY = NoInitialiser.counter;
    }

    public static final class ReadsTheClock {
        static final long START = System.nanoTime();
    }

    public static final class StartsAThread {
        static {
            new Thread(() -> { }).start();
        }
    }

    public static class CallsProgramCodeBase {
        static final int VALUE = CallsProgramCode.compute();
    }

    public static final class InheritsAModelledInitialiser extends CallsProgramCodeBase {
    }
}
