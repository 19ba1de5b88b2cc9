package examples.jdk;

import java.util.Vector;

/** {@link VectorCheckThenAct} with the pair inside synchronized (names), the monitor every Vector call takes: alice is listed once. */
public class VectorLockedCheckThenAct {
    public static void main(String[] args) throws InterruptedException {
        Vector<String> names = new Vector<>();
        Runnable addAlice = () -> {
            synchronized (names) {
                if (!names.contains("alice")) {
                    names.add("alice");
                }
            }
        };
        TwoThreads.run(addAlice, addAlice);
        if (names.size() != 1) {
            throw new AssertionError("alice is listed " + names.size() + " times");
        }
    }
}
