package examples.oracle;

/**
 * Busy-waits on getters: one spinner calls an interface method with two implementations, the other a
 * non-final instance method. Their loops are pure only if every method each call may reach is (Weft
 * follows the calls into every program class below the receiver's type). Both must see the data.
 */
public class GetterSpin {
    interface Gate {
        boolean isOpen();

        void open();
    }

    static final class VolatileGate implements Gate {
        private volatile boolean open;

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void open() {
            open = true;
        }
    }

    static final class LockedGate implements Gate {
        private boolean open;

        @Override
        public synchronized boolean isOpen() {
            return open;
        }

        @Override
        public synchronized void open() {
            open = true;
        }
    }

    static int data;
    static int seenThroughGate;
    static int seenThroughGetter;
    private volatile boolean ready;

    boolean isReady() {
        return ready;
    }

    public static void main(String[] args) throws InterruptedException {
        Gate gate = args.length > 0 ? new LockedGate() : new VolatileGate();
        GetterSpin flag = new GetterSpin();
        Thread throughGate = new Thread(() -> {
            while (!gate.isOpen()) {
                Thread.onSpinWait();
            }
            seenThroughGate = data;
        });
        Thread throughGetter = new Thread(() -> {
            while (!flag.isReady()) {
                Thread.onSpinWait();
            }
            seenThroughGetter = data;
        });
        throughGate.start();
        throughGetter.start();
        Noise.point();
        data = 42;
        gate.open();
        flag.ready = true;
        throughGate.join();
        throughGetter.join();
    }
}
