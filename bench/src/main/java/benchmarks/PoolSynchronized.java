package benchmarks;

/** The fix of {@link PoolCheckThenAct}: borrowing and giving back hold the pool's monitor. Correct. */
public class PoolSynchronized {
    static final class SynchronizedPool extends PoolCheckThenAct.Pool {
        @Override
        synchronized void giveBack(PoolCheckThenAct.Connection connection) {
            super.giveBack(connection);
        }

        @Override
        synchronized PoolCheckThenAct.Connection borrow() {
            return super.borrow();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        PoolCheckThenAct.check(new SynchronizedPool());
    }
}
