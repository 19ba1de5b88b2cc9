package examples.inputs;

import dev.weft.Weft;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A spin lock driver with an input (our own, after Maximal Path Causality §4.2): two threads each make
 * {@code n} guarded increments, but a third round (n = 3) takes a shortcut past the lock. The lost
 * update needs n = 3 and the two threads' third rounds to overlap.
 */
public class SpinLockInputs {
    static final AtomicBoolean LOCK = new AtomicBoolean();
    static int counter;
    /** The input, handed to the threads through memory (a lambda capturing it would hide it from the shadow execution). */
    static int n;

    public static void main(String[] args) throws InterruptedException {
        n = Weft.input("n", 1, 3);
        Thread a = new Thread(SpinLockInputs::work);
        Thread b = new Thread(SpinLockInputs::work);
        a.start();
        b.start();
        a.join();
        b.join();
        if (counter != 2 * n) {
            throw new AssertionError("lost update: " + counter + " of " + 2 * n);
        }
    }

    static void work() {
        for (int round = 0; round < n; round++) {
            if (round == 2) {
                counter = counter + 1; // the shortcut: no lock
                continue;
            }
            while (!LOCK.compareAndSet(false, true)) {
                Thread.onSpinWait();
            }
            counter = counter + 1;
            LOCK.set(false);
        }
    }
}
