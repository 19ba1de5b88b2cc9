package perf;

/** The slowdown benchmark's program: two threads making 10^5 shared accesses between them. */
public class ManyAccesses {
    static final int PER_THREAD = 25_000;
    static final int[] cells = new int[64];

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> work(0));
        Thread second = new Thread(() -> work(32));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    /** One array read and one array write per step: 2 × 25,000 × 2 = 10^5 shared accesses. */
    private static void work(int base) {
        for (int i = 0; i < PER_THREAD; i++) {
            int slot = base + (i & 31);
            cells[slot] = cells[slot] + 1;
        }
    }
}
