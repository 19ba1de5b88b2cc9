package examples.oracle;

import java.util.concurrent.locks.ReentrantLock;

/** Two ReentrantLocks taken in opposite orders: a deadlock in some runs. */
public class ReentrantLockInversion {
    public static void main(String[] args) throws InterruptedException {
        ReentrantLock a = new ReentrantLock();
        ReentrantLock b = new ReentrantLock();
        Thread one = new Thread(() -> both(a, b));
        Thread two = new Thread(() -> both(b, a));
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void both(ReentrantLock outer, ReentrantLock inner) {
        outer.lock();
        try {
            Noise.point();
            inner.lock();
            inner.unlock();
        } finally {
            outer.unlock();
        }
    }
}
