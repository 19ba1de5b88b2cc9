package subjects;

import java.util.concurrent.atomic.AtomicInteger;

/** Two threads add one each with a weakCompareAndSet retry loop: correct whether or not an attempt fails spuriously. */
public class WeakCasRetry {
    static final AtomicInteger COUNT = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Runnable add = () -> {
            int seen;
            do {
                seen = COUNT.get();
            } while (!COUNT.weakCompareAndSetVolatile(seen, seen + 1));
        };
        Thread a = new Thread(add);
        Thread b = new Thread(add);
        a.start();
        b.start();
        a.join();
        b.join();
        if (COUNT.get() != 2) {
            throw new AssertionError("an addition was lost: " + COUNT.get());
        }
    }
}
