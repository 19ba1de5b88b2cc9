package examples.crosscheck;

/** Plain loops: two threads each add 1 twice without a lock; the final count is 2, 3 or 4. */
public class RacyIncrements {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(RacyIncrements::addTwice);
        Thread second = new Thread(RacyIncrements::addTwice);
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static void addTwice() {
        for (int i = 0; i < 2; i++) {
            count = count + 1;
        }
    }
}
