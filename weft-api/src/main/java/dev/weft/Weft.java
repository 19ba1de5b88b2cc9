package dev.weft;

/**
 * What a program calls to let Weft choose its inputs ({@code weft check -s mpc} explores the inputs
 * and the interleavings together) and to rule out executions that are no behaviour of it.
 *
 * <p>Outside Weft (a plain {@code java} run) an input is the value of the system property
 * {@code weft.input.NAME} when set, else its minimum ({@code false} for a boolean), and
 * {@link #assume assume(false)} throws {@link AssumptionViolated}. Under Weft the calls never reach
 * this class: the instrumenter sends them to the run, which takes each input's value from the run's
 * choice (the strategy's, or {@code --input NAME=VALUE}, else the minimum) and records it.
 *
 * <p>An input is known by its name: reading one name twice in a run gives the same value.
 */
public final class Weft {
    private static final String PROPERTY_PREFIX = "weft.input.";

    private Weft() {
    }

    /** An int input in {@code [min, max]}. */
    public static int input(String name, int min, int max) {
        return (int) input(name, (long) min, (long) max);
    }

    /** A long input in {@code [min, max]}. */
    public static long input(String name, long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("input " + name + ": min " + min + " is above max " + max);
        }
        String given = System.getProperty(PROPERTY_PREFIX + name);
        if (given == null) {
            return min;
        }
        long value = parse(name, given.trim());
        if (value < min || value > max) {
            throw new IllegalArgumentException("input " + name + " = " + value + " is outside its range " + min + ".." + max);
        }
        return value;
    }

    /** A boolean input. */
    public static boolean inputBoolean(String name) {
        String given = System.getProperty(PROPERTY_PREFIX + name);
        if (given == null) {
            return false;
        }
        return switch (given.trim()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new IllegalArgumentException("input " + name + " = '" + given + "' is not a boolean (true or false)");
        };
    }

    /** Ends an execution in which {@code condition} is false as no behaviour of the program (not a bug). */
    public static void assume(boolean condition) {
        if (!condition) {
            throw new AssumptionViolated();
        }
    }

    private static long parse(String name, String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("input " + name + " = '" + text + "' is not a whole number", e);
        }
    }

    /** Thrown by {@code assume(false)} outside Weft: this execution is no behaviour the program is meant to have. */
    public static final class AssumptionViolated extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AssumptionViolated() {
            super("Weft.assume(false): this execution is outside the program's assumptions (no behaviour of it)");
        }
    }
}
