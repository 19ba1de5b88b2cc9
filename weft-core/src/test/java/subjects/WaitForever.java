package subjects;

/** A guarded wait that nobody notifies: the waiter's loop waits in Object.wait, so the run is a deadlock, not a livelock. */
public class WaitForever {
    private static final Object LOCK = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        synchronized (LOCK) {
            while (!ready) {
                LOCK.wait();
            }
        }
    }
}
