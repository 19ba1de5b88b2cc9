package examples.oracle;

/**
 * Object.wait for the corpus programs that do not expect an interrupt. No static field, so it adds nothing to a run's final state;
 * no allocation either (an interrupt is rethrown as it is), so a loop around it is one Weft can prove pure.
 */
final class Waits {
    private Waits() {
    }

    static void on(Object monitor) {
        try {
            monitor.wait();
        } catch (InterruptedException e) {
            Waits.<RuntimeException>rethrow(e);
        }
    }

    /** Throws {@code t} unchecked: the compiler takes it for a {@code T}. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
