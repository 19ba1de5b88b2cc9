package examples.jdk;

import java.util.ArrayList;
import java.util.List;

/**
 * Two threads add "alice" to a shared ArrayList unless it is there already, with no lock: both can
 * find her missing and add her twice. The calls race with each other too.
 */
public class ArrayListCheckThenAct {
    public static void main(String[] args) throws InterruptedException {
        List<String> names = new ArrayList<>();
        Runnable addAlice = () -> {
            if (!names.contains("alice")) {
                names.add("alice");
            }
        };
        TwoThreads.run(addAlice, addAlice);
        if (names.size() != 1) {
            throw new AssertionError("alice is listed " + names.size() + " times");
        }
    }
}
