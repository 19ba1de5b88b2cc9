package subjects;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** ReentrantLock, its conditions, read/write locks through class and interface types, a program Lock, LockSupport. */
public class Locks {
    static int holds;
    static boolean queried;
    static int programLocks;

    /** A program implementation of Lock: called as written. */
    static class CountingLock implements Lock {
        @Override
        public void lock() {
            programLocks++;
        }

        @Override
        public void lockInterruptibly() {
            lock();
        }

        @Override
        public boolean tryLock() {
            lock();
            return true;
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) {
            return tryLock();
        }

        @Override
        public void unlock() {
            programLocks++;
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition condition = lock.newCondition();
        lock.lock();
        lock.lock();
        holds = lock.getHoldCount();
        lock.unlock();
        queried = lock.isHeldByCurrentThread() && lock.isLocked() && !lock.isFair();
        lock.unlock();
        if (lock.tryLock()) {
            lock.unlock();
        }
        if (lock.tryLock(1, TimeUnit.MILLISECONDS)) {
            lock.unlock();
        }
        lock.lockInterruptibly();
        condition.await(1, TimeUnit.MILLISECONDS);
        condition.awaitNanos(1000);
        condition.signal();
        condition.signalAll();
        lock.unlock();
        Lock asLock = lock;
        asLock.lock();
        asLock.unlock();
        ReentrantReadWriteLock readWrite = new ReentrantReadWriteLock();
        readWrite.readLock().lock();
        readWrite.readLock().unlock();
        ReadWriteLock asReadWrite = readWrite;
        asReadWrite.writeLock().lock();
        asReadWrite.writeLock().unlock();
        Lock mine = new CountingLock();
        mine.lock();
        mine.unlock();
        LockSupport.unpark(Thread.currentThread());
        LockSupport.park();
        LockSupport.parkNanos(lock, 10);
    }
}
