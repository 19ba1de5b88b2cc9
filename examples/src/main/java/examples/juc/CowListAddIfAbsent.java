package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.CopyOnWriteArrayList;

/** Two threads register a listener with addIfAbsent, which checks and adds under the list's lock: it is there once. */
public class CowListAddIfAbsent {
    public static void main(String[] args) throws InterruptedException {
        CopyOnWriteArrayList<String> listeners = new CopyOnWriteArrayList<>();
        TwoThreads.run(() -> listeners.addIfAbsent("audit"), () -> listeners.addIfAbsent("audit"));
        if (listeners.size() != 1) {
            throw new AssertionError("registered " + listeners);
        }
    }
}
