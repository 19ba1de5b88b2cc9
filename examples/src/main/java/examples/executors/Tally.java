package examples.executors;

/** A counter under its own monitor, for the examples whose tasks must all be counted. */
final class Tally {
    private int count;

    synchronized void add() {
        count++;
    }

    synchronized int count() {
        return count;
    }
}
