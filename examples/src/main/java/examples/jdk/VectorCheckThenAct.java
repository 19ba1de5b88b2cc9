package examples.jdk;

import java.util.Vector;

/** A Vector locks each call, not the pair contains-then-add: two threads can both add "alice". No data race. */
public class VectorCheckThenAct {
    public static void main(String[] args) throws InterruptedException {
        Vector<String> names = new Vector<>();
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
