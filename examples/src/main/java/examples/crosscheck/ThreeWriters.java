package examples.crosscheck;

/** Three threads each write {@code last} and read it back; each sees its own or a later write. */
public class ThreeWriters {
    static int last;
    static final int[] seen = new int[3];

    public static void main(String[] args) throws InterruptedException {
        Thread[] writers = new Thread[3];
        for (int i = 0; i < writers.length; i++) {
            int id = i;
            writers[i] = new Thread(() -> {
                last = id + 1;
                seen[id] = last;
            });
            writers[i].start();
        }
        for (Thread writer : writers) {
            writer.join();
        }
    }
}
