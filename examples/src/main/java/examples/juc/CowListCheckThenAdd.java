package examples.juc;

import examples.jdk.TwoThreads;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Two threads register a listener with contains then add on a CopyOnWriteArrayList: both see it absent, it is added twice. */
public class CowListCheckThenAdd {
    public static void main(String[] args) throws InterruptedException {
        List<String> listeners = new CopyOnWriteArrayList<>();
        Runnable register = () -> {
            if (!listeners.contains("audit")) {
                listeners.add("audit");
            }
        };
        TwoThreads.run(register, register);
        if (listeners.size() != 1) {
            throw new AssertionError("registered " + listeners);
        }
    }
}
