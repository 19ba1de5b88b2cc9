package examples.crosscheck;

/**
 * join: main joins the first writer before reading {@code x}, so it never sees the initial value,
 * but the second writer may or may not have run; a thread started after the join sees the same.
 */
public class JoinChain {
    static int x;
    static int seenByMain;
    static int seenByLate;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> x = 1);
        Thread second = new Thread(() -> x = 2);
        first.start();
        second.start();
        first.join();
        seenByMain = x;
        Thread late = new Thread(() -> seenByLate = x);
        late.start();
        late.join();
        second.join();
    }
}
