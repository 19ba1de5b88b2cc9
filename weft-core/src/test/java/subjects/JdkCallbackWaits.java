package subjects;

import java.util.concurrent.ConcurrentHashMap;

/**
 * computeIfAbsent's function starts a reader of the same map and waits for it. On a plain JVM the
 * reader's get does not wait for the computation and the program ends; Weft runs a JDK call whole,
 * so the reader's call would wait for it: a wait of Weft's making, not a deadlock of the program.
 */
public class JdkCallbackWaits {
    public static void main(String[] args) {
        ConcurrentHashMap<String, Integer> map = new ConcurrentHashMap<>();
        Thread reader = new Thread(() -> map.get("b"));
        map.computeIfAbsent("a", key -> {
            reader.start();
            try {
                reader.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 1;
        });
    }
}
