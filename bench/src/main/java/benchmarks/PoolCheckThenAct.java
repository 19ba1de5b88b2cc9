package benchmarks;

/**
 * Bug (the papers' "Pool", after POOL-120): borrowing reads the idle count, and then takes the idle
 * object at that position, without a lock; two borrowers can read the same count and be lent the
 * same object (AssertionError).
 */
public class PoolCheckThenAct {
    static final class Connection {
    }

    static class Pool {
        private final Connection[] idle = new Connection[2];
        private int idleCount;

        void giveBack(Connection connection) {
            idle[idleCount] = connection;
            idleCount = idleCount + 1;
        }

        Connection borrow() {
            int available = idleCount;
            if (available == 0) {
                return new Connection();
            }
            idleCount = available - 1;
            return idle[available - 1];
        }
    }

    static Connection lentToFirst;
    static Connection lentToSecond;

    public static void main(String[] args) throws InterruptedException {
        check(new Pool());
    }

    static void check(Pool pool) throws InterruptedException {
        pool.giveBack(new Connection());
        Thread first = new Thread(() -> lentToFirst = pool.borrow());
        Thread second = new Thread(() -> lentToSecond = pool.borrow());
        first.start();
        second.start();
        first.join();
        second.join();
        if (lentToFirst == lentToSecond) {
            throw new AssertionError("one connection lent to two borrowers");
        }
    }
}
