package examples.crosscheck;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * ReentrantLock and Condition: two workers draw tickets under the lock and an auditor awaits
 * both draws; who drew ticket 0 depends on the interleaving.
 */
public class ConditionTickets {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final Condition ALL_DRAWN = LOCK.newCondition();
    static final int[] tickets = new int[2];
    static int drawn;
    static int nextTicket;
    static int auditedFirstWorker;

    public static void main(String[] args) throws InterruptedException {
        Thread auditor = new Thread(ConditionTickets::audit);
        Thread first = new Thread(() -> draw(0));
        Thread second = new Thread(() -> draw(1));
        auditor.start();
        first.start();
        second.start();
        auditor.join();
        first.join();
        second.join();
    }

    static void draw(int worker) {
        LOCK.lock();
        try {
            tickets[worker] = nextTicket;
            nextTicket = nextTicket + 1;
            drawn = drawn + 1;
            if (drawn == 2) {
                ALL_DRAWN.signal();
            }
        } finally {
            LOCK.unlock();
        }
    }

    static void audit() {
        LOCK.lock();
        try {
            while (drawn < 2) {
                ALL_DRAWN.await();
            }
            auditedFirstWorker = tickets[0] == 0 ? 0 : 1;
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            LOCK.unlock();
        }
    }
}
