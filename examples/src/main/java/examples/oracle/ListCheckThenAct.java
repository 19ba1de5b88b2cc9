package examples.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Two threads add "alice" to a shared list unless it already holds her, each call under the list's
 * monitor but the check and the add in separate blocks: {@code copies} ends 1 or 2 (issue 17).
 */
public class ListCheckThenAct {
    static final List<String> NAMES = new ArrayList<>();
    static int copies;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(ListCheckThenAct::addOnce);
        Thread two = new Thread(ListCheckThenAct::addOnce);
        one.start();
        two.start();
        one.join();
        two.join();
        copies = NAMES.size();
    }

    static void addOnce() {
        boolean present;
        synchronized (NAMES) {
            present = NAMES.contains("alice");
        }
        Noise.point();
        if (!present) {
            synchronized (NAMES) {
                NAMES.add("alice");
            }
        }
    }
}
