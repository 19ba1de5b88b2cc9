package examples.juc;

/**
 * The program's own mutex on AbstractQueuedSynchronizer whose tryRelease forgets to set the state back to 0: the thread
 * that acquires second waits for ever.
 */
public class AqsMutexReleaseForgetsState {
    static final class ForgetfulMutex extends AqsMutexCounter.Mutex {
        @Override
        protected boolean tryRelease(int ignored) {
            setExclusiveOwnerThread(null);
            return true; // forgets setState(0): the mutex stays held
        }
    }

    public static void main(String[] args) throws InterruptedException {
        AqsMutexCounter.incrementTwice(new ForgetfulMutex());
    }
}
