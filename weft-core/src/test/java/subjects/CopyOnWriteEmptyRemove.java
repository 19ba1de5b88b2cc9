package subjects;

import java.util.concurrent.CopyOnWriteArrayList;

/** The consumer removes once, assuming the producer came first: it can find the list empty (API-level model). */
public class CopyOnWriteEmptyRemove {
    public static void main(String[] args) throws InterruptedException {
        CopyOnWriteArrayList<Integer> list = new CopyOnWriteArrayList<>();
        Thread producer = new Thread(() -> list.add(3));
        producer.start();
        if (!list.remove(Integer.valueOf(3))) {
            producer.join();
            throw new AssertionError("the list was empty");
        }
        producer.join();
    }
}
