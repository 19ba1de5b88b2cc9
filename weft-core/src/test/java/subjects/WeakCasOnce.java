package subjects;

import java.util.concurrent.atomic.AtomicInteger;

/** Claims a flag with one weakCompareAndSetAcquire and no retry: correct only if weak CAS never fails spuriously. */
public class WeakCasOnce {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger flag = new AtomicInteger();
        Thread a = new Thread(() -> {
            if (!flag.weakCompareAndSetAcquire(0, 1)) {
                throw new AssertionError("nobody else claims the flag, yet the claim failed");
            }
        });
        a.start();
        a.join();
    }
}
