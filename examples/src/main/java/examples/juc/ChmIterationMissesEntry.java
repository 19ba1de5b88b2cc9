package examples.juc;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Iterating a ConcurrentHashMap while another thread puts 1 and then 2: no ConcurrentModificationException, but the
 * iterator is weakly consistent, so it can see the later key 2 and not the earlier key 1 (it passed 1's bin before).
 */
public class ChmIterationMissesEntry {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<Integer, String> map = new ConcurrentHashMap<>();
        Thread writer = new Thread(() -> {
            map.put(1, "one");
            map.put(2, "two");
        });
        writer.start();
        boolean sawOne = false;
        boolean sawTwo = false;
        for (Integer key : map.keySet()) {
            sawOne |= key == 1;
            sawTwo |= key == 2;
        }
        writer.join();
        if (sawTwo && !sawOne) {
            throw new AssertionError("the iteration saw key 2 but not key 1, put before it");
        }
    }
}
