package examples.juc;

/**
 * A one-shot latch on AbstractQueuedSynchronizer whose tryReleaseShared returns false: the state is set, but
 * AbstractQueuedSynchronizer wakes no waiter, so a reader that parked before the signal waits for ever.
 */
public class AqsLatchReleaseWakesNobody {
    static final class SilentLatch extends AqsBooleanLatch.Latch {
        @Override
        protected boolean tryReleaseShared(int ignored) {
            setState(1);
            return false; // should be true: waiters are woken only when a release says it may let them through
        }
    }

    public static void main(String[] args) throws InterruptedException {
        AqsBooleanLatch.writeThenSignal(new SilentLatch());
    }
}
