package benchmarks;

/** The fix of {@link PingPong}: hand-over and play hold the table's monitor, so nobody sees the gap. Correct. */
public class PingPongSynchronized {
    static final class SynchronizedTable extends PingPong.Table {
        SynchronizedTable(PingPong.Player first) {
            super(first);
        }

        @Override
        synchronized void handOver(PingPong.Player next) {
            super.handOver(next);
        }

        @Override
        synchronized void play() {
            super.play();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        PingPong.check(new SynchronizedTable(new PingPong.Player()));
    }
}
