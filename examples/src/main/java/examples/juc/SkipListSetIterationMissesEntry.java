package examples.juc;

import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Iterating a ConcurrentSkipListSet {2} while another thread adds 1 and then 3: the iterator is weakly consistent and
 * walks in order, so once past the front it can see 3 and not 1, added before it.
 */
public class SkipListSetIterationMissesEntry {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentSkipListSet<Integer> set = new ConcurrentSkipListSet<>();
        set.add(2);
        Thread writer = new Thread(() -> {
            set.add(1);
            set.add(3);
        });
        writer.start();
        boolean sawOne = false;
        boolean sawThree = false;
        for (Integer element : set) {
            sawOne |= element == 1;
            sawThree |= element == 3;
        }
        writer.join();
        if (sawThree && !sawOne) {
            throw new AssertionError("the iteration saw 3 but not 1, added before it");
        }
    }
}
