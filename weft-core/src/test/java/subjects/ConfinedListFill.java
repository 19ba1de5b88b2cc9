package subjects;

import java.util.ArrayList;
import java.util.List;

/**
 * A worker fills a list only it reaches until it holds three elements, while it reads a flag
 * nobody sets: its adds are no events, so each iteration looks as if it only read the flag. Held
 * at the header, it would never end (a false livelock); the runtime knows the list changed.
 */
public class ConfinedListFill {
    static int flag;
    static int filled;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            List<Integer> items = new ArrayList<>();
            while (flag == 0 && items.size() < 3) {
                items.add(1);
            }
            filled = items.size();
        });
        worker.start();
        worker.join();
    }
}
