package examples.juc;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Two threads claim a job with putIfAbsent: exactly one gets null back and runs it. */
public class ChmPutIfAbsentWinner {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, String> owners = new ConcurrentHashMap<>();
        owners.put("setup", "main");
        AtomicInteger runs = new AtomicInteger();
        Thread one = new Thread(() -> claim(owners, "one", runs));
        Thread two = new Thread(() -> claim(owners, "two", runs));
        one.start();
        two.start();
        one.join();
        two.join();
        if (runs.get() != 1) {
            throw new AssertionError("the job ran " + runs.get() + " times");
        }
    }

    private static void claim(ConcurrentHashMap<String, String> owners, String me, AtomicInteger runs) {
        if (owners.putIfAbsent("job", me) == null) {
            runs.incrementAndGet();
        }
    }
}
