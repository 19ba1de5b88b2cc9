package examples.crosscheck;

/**
 * Arrays: each thread writes one element from the other element; the result is [2, 1], [1, 2] or
 * [1, 1] depending on which reads happen before which writes.
 */
public class ArrayNeighbours {
    static final int[] cells = new int[2];

    public static void main(String[] args) throws InterruptedException {
        Thread right = new Thread(() -> cells[1] = cells[0] + 1);
        Thread left = new Thread(() -> cells[0] = cells[1] + 1);
        right.start();
        left.start();
        right.join();
        left.join();
    }
}
