package examples.jdkdeep;

import examples.jdk.TwoThreads;
import java.util.HashSet;
import java.util.Set;

/** Two threads add to one HashSet with no lock: its HashMap loses one of them. */
public class HashSetLostAdd {
    public static void main(String[] args) throws InterruptedException {
        Set<String> set = new HashSet<>();
        TwoThreads.run(() -> set.add("a"), () -> set.add("b"));
        if (set.size() != 2) {
            throw new AssertionError("lost an element: " + set);
        }
    }
}
