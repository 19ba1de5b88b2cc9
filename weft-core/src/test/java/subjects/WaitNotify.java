package subjects;

/** A waiter thread released by notifyAll, then timed waits and notify. */
public class WaitNotify {
    static boolean ready;
    static int observed;

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                while (!ready) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                observed = 1;
            }
        });
        waiter.start();
        synchronized (lock) {
            ready = true;
            lock.notifyAll();
        }
        waiter.join();
        synchronized (lock) {
            lock.wait(5);
            lock.wait(0, 1);
            lock.notify();
        }
    }
}
