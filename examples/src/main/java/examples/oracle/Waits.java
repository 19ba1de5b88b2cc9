package examples.oracle;

/** Object.wait for the corpus programs that do not expect an interrupt. No static field, so it adds nothing to a run's final state. */
final class Waits {
    private Waits() {
    }

    static void on(Object monitor) {
        try {
            monitor.wait();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
