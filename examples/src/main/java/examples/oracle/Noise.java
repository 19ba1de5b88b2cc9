package examples.oracle;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Points where the stress oracle's plain runs may yield, sleep or spin, to show more interleavings.
 * The oracle names the mode in the system property {@code weft.oracle.noise}; without it (under
 * Weft, or a plain {@code java} run) {@link #point()} does nothing: it touches no field, so it adds
 * no event to Weft's runs. The class has no static field, so it adds nothing to a run's final state.
 */
public final class Noise {
    private Noise() {
    }

    /** A point worth perturbing: between a check and the act on it, before a write others race with. */
    public static void point() {
        String mode = System.getProperty("weft.oracle.noise");
        if (mode == null) {
            return;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        switch (mode.equals("spurious") ? random.nextInt(3) : mode.equals("yield") ? 0 : mode.equals("sleep") ? 1 : 2) {
            case 0 -> Thread.yield();
            case 1 -> sleep(random.nextInt(3));
            default -> spin(random.nextInt(20_000));
        }
    }

    private static void sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // The program may be waiting for this interrupt: leave it pending, as if the sleep had not been here.
            Thread.currentThread().interrupt();
        }
    }

    private static void spin(int rounds) {
        for (int i = 0; i < rounds; i++) {
            Thread.onSpinWait();
        }
    }
}
