package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/** Two threads add different elements to a CopyOnWriteArraySet at once: neither add is lost. */
public class CowSetAdds {
    public static void main(String[] args) throws InterruptedException {
        Set<String> tags = new CopyOnWriteArraySet<>();
        TwoThreads.run(() -> tags.add("red"), () -> tags.add("blue"));
        if (tags.size() != 2) {
            throw new AssertionError("tags " + tags);
        }
    }
}
