package examples.crosscheck;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * ReentrantLock and Condition with three threads: two workers draw tickets under the lock and an
 * auditor awaits both draws; who drew ticket 0 depends on the interleaving.
 */
public class ConditionTickets {
    static int nextTicket;
    static int drawn;
    static int ticketOfFirst;
    static int ticketOfSecond;
    static int auditedFirstTicket;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition allDrawn = lock.newCondition();
        Thread auditor = new Thread(() -> audit(lock, allDrawn));
        Thread first = new Thread(() -> draw(lock, allDrawn, true));
        Thread second = new Thread(() -> draw(lock, allDrawn, false));
        auditor.start();
        first.start();
        second.start();
        auditor.join();
        first.join();
        second.join();
    }

    static void draw(ReentrantLock lock, Condition allDrawn, boolean isFirst) {
        lock.lock();
        try {
            int ticket = nextTicket;
            nextTicket = ticket + 1;
            if (isFirst) {
                ticketOfFirst = ticket;
            } else {
                ticketOfSecond = ticket;
            }
            drawn = drawn + 1;
            if (drawn == 2) {
                allDrawn.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    static void audit(ReentrantLock lock, Condition allDrawn) {
        lock.lock();
        try {
            while (drawn < 2) {
                allDrawn.await();
            }
            auditedFirstTicket = ticketOfFirst;
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            lock.unlock();
        }
    }
}
