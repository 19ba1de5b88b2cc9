package examples.jdk;

import java.util.ArrayList;
import java.util.List;

/** {@link ArrayListCheckThenAct} with the check and the add under the list's own monitor: alice is listed once, and nothing races. */
public class ArrayListLocked {
    public static void main(String[] args) throws InterruptedException {
        List<String> names = new ArrayList<>();
        Runnable addAlice = () -> {
            synchronized (names) {
                if (!names.contains("alice")) {
                    names.add("alice");
                }
            }
        };
        TwoThreads.run(addAlice, addAlice);
        synchronized (names) {
            if (names.size() != 1) {
                throw new AssertionError("alice is listed " + names.size() + " times");
            }
        }
    }
}
