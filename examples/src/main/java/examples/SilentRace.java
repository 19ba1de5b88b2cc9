package examples;

/**
 * A data race no run's values reveal: {@link HiddenRace}'s writer stores into x the value x already
 * holds, so the reader reads 0 whichever way the two go and MCR has no new value to explore after the
 * first run, which orders the two accesses through the lock. Race prediction still finds that the
 * reader can run its read right next to the write.
 */
public class SilentRace {
    public static void main(String[] args) throws InterruptedException {
        HiddenRace.writeThenRead(0);
    }
}
