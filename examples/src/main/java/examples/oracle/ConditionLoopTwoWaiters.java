package examples.oracle;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** Two waiters on one Condition, each in a loop, woken by signalAll; which woke first varies. Correct. */
public class ConditionLoopTwoWaiters {
    static boolean open;
    static int order;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition opened = lock.newCondition();
        Thread one = new Thread(() -> pass(lock, opened, 1));
        Thread two = new Thread(() -> pass(lock, opened, 2));
        one.start();
        two.start();
        Noise.point();
        lock.lock();
        try {
            open = true;
            opened.signalAll();
        } finally {
            lock.unlock();
        }
        one.join();
        two.join();
    }

    static void pass(ReentrantLock lock, Condition opened, int id) {
        lock.lock();
        try {
            while (!open) {
                opened.awaitUninterruptibly();
            }
            order = order * 10 + id;
        } finally {
            lock.unlock();
        }
    }
}
