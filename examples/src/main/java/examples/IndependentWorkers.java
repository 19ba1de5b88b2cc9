package examples;

/**
 * Workers that share nothing (after the independent-workers program of the memory-model-sensitive
 * bytecode checking paper): each computes into its own field, and the main thread reads the results
 * after joining them. The join orders everything under every model: no fence or volatile is needed.
 */
public class IndependentWorkers {
    static int left;
    static int right;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> left = sum(1, 3));
        Thread b = new Thread(() -> right = sum(4, 6));
        a.start();
        b.start();
        a.join();
        b.join();
        if (left + right != 21) {
            throw new AssertionError("lost a worker's result: " + left + " + " + right);
        }
    }

    private static int sum(int from, int to) {
        int total = 0;
        for (int i = from; i <= to; i++) {
            total += i;
        }
        return total;
    }
}
