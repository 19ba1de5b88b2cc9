package examples;

/**
 * Two threads wait on one monitor; main notifies once, then notifies all. JLS 17.2.2 lets the
 * notify wake any waiter, not only the one that waited longest: woken by it, the waiter that came
 * second sees the phase the notify came with, and fails. A JVM whose notify happens to wake the
 * longest waiter never shows it (nor does a spurious wake-up; with spurious wake-ups allowed, one
 * shows it too).
 */
public class NotifyWakesAnyWaiter {
    private static final Object LOCK = new Object();
    static int phase;
    static int waiting;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(NotifyWakesAnyWaiter::awaitPhase);
        Thread two = new Thread(NotifyWakesAnyWaiter::awaitPhase);
        one.start();
        two.start();
        synchronized (LOCK) {
            phase = 1;
            LOCK.notify();
        }
        synchronized (LOCK) {
            phase = 2;
            LOCK.notifyAll();
        }
        one.join();
        two.join();
    }

    static void awaitPhase() {
        synchronized (LOCK) {
            int me = ++waiting;
            if (phase < 2) {
                try {
                    LOCK.wait(); // once, no loop: the notify or the notifyAll wakes it
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (me == 2 && phase == 1) {
                throw new AssertionError("the notify woke the waiter that came second");
            }
        }
    }
}
