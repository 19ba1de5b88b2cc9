package dev.weft.oracle;

import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * Widens the interleavings plain runs show, through parameters only: each run gets a noise mode in
 * the system property {@value #PROPERTY}, which the corpus programs' {@code Noise.point()} reads to
 * yield, sleep or spin at the points the program marks (without the property, as under Weft, those
 * calls do nothing). In the {@code spurious} mode a thread of the oracle also unparks, a few times a
 * run, a thread of the run that is parked by a direct call of the program to
 * {@code LockSupport.park}: park may return for no reason at all, so a program that parks without
 * re-checking its condition shows its bug. (Parks inside the JDK's locks are left alone: they re-check
 * anyway, and waking them again and again would hide a deadlock. {@code Object.wait} and
 * {@code Condition.await} cannot be woken spuriously from outside; their spurious wake-ups stay
 * unseen by plain runs.)
 */
final class Jitter {
    static final String PROPERTY = "weft.oracle.noise";
    private static final List<String> MODES = List.of("off", "yield", "sleep", "spin", "spurious");
    private static final int SPURIOUS_WAKE_UPS_PER_RUN = 3;

    private final Random random;
    private final boolean enabled;
    private volatile boolean unparking;
    private volatile int wakeUpsLeft;

    Jitter(long seed, boolean enabled) {
        this.random = new Random(seed);
        this.enabled = enabled;
        if (enabled) {
            Thread waker = new Thread(this::unparkNowAndThen, "oracle-spurious-waker");
            waker.setDaemon(true);
            waker.start();
        }
    }

    /** Picks the next run's noise mode. */
    void beforeRun() {
        String mode = enabled ? MODES.get(random.nextInt(MODES.size())) : "off";
        if (mode.equals("off")) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, mode);
        }
        wakeUpsLeft = SPURIOUS_WAKE_UPS_PER_RUN;
        unparking = mode.equals("spurious");
    }

    void afterRun() {
        unparking = false;
        System.clearProperty(PROPERTY);
    }

    private void unparkNowAndThen() {
        Random local = new Random(random.nextLong());
        while (true) {
            LockSupport.parkNanos(200_000 + local.nextInt(800_000));
            PlainRun run = PlainRun.current();
            if (unparking && wakeUpsLeft > 0 && run != null) {
                List<Thread> parked = run.liveThreads().stream().filter(Jitter::parkedByProgram).toList();
                if (!parked.isEmpty()) {
                    wakeUpsLeft--;
                    LockSupport.unpark(parked.get(local.nextInt(parked.size())));
                }
            }
        }
    }

    /** Whether the thread is in {@code LockSupport.park} called right from program code. */
    private static boolean parkedByProgram(Thread thread) {
        StackTraceElement[] stack = thread.getStackTrace();
        for (int i = 0; i + 1 < stack.length; i++) {
            if (stack[i].getClassName().equals(LockSupport.class.getName()) && stack[i].getMethodName().startsWith("park")) {
                return Outcomes.isProgramFrame(stack[i + 1].getClassName());
            }
        }
        return false;
    }
}
