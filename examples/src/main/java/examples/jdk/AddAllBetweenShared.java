package examples.jdk;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread copies a shared list into another shared list (addAll: one call on two objects) while
 * a second thread adds to the source, with no lock: the copy races with the add, and the target can
 * end with or without the new element.
 */
public class AddAllBetweenShared {
    public static void main(String[] args) throws InterruptedException {
        List<String> source = new ArrayList<>(List.of("a"));
        List<String> target = new ArrayList<>();
        TwoThreads.run(() -> target.addAll(source), () -> source.add("b"));
    }
}
