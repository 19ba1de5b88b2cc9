package dev.weft.modelled;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Weft's model of {@link CountDownLatch} on a monitor: the count-downs before the count reaches zero
 * happen before every {@code await} that returns. The JDK superclass's own count is never used.
 */
public class ModelledCountDownLatch extends CountDownLatch {
    private long count;

    public ModelledCountDownLatch(int count) {
        super(count);
        this.count = count;
    }

    @Override
    public synchronized void await() throws InterruptedException {
        while (count > 0) {
            wait();
        }
    }

    @Override
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = Deadlines.after(timeout, unit);
        synchronized (this) {
            while (count > 0) {
                if (!Deadlines.waitUntil(this, deadline)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Override
    public synchronized void countDown() {
        if (count > 0 && --count == 0) {
            notifyAll();
        }
    }

    @Override
    public synchronized long getCount() {
        return count;
    }

    /** As the JDK's: identity, then the count. */
    @Override
    public synchronized String toString() {
        return CountDownLatch.class.getName() + "@" + Integer.toHexString(hashCode()) + "[Count = " + count + "]";
    }
}
