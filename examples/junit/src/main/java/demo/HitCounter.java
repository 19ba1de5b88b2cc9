package demo;

/** Counts hits without synchronization: two threads can both read the old count and lose an update. */
public class HitCounter {
    private int hits;

    public void hit() {
        hits = hits + 1;
    }

    public int hits() {
        return hits;
    }
}
