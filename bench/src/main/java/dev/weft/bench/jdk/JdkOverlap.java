package dev.weft.bench.jdk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The plain-JVM check of docs/jdk.md: the two operations of each {@code examples.jdkdeep} program on plain JVM threads
 * (no Weft), released together by a spin flag, {@value #TRIALS} trials each; prints the failures seen. Weft's outcomes
 * with {@code --instrument-jdk} must include every one of them.
 */
public final class JdkOverlap {
    private static final int TRIALS = 20_000;
    private static volatile boolean go;

    private JdkOverlap() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws InterruptedException {
        run("HashMap two puts", HashMap::new, (m, i) -> ((Map<Integer, String>) m).put(i, "v"), m -> ((Map<?, ?>) m).size() == 2);
        run("HashSet two adds", HashSet::new, (s, i) -> ((Set<Integer>) s).add(i), s -> ((Set<?>) s).size() == 2);
        run("LinkedList two adds", LinkedList::new, (l, i) -> ((List<Integer>) l).add(i), l -> ((List<?>) l).size() == 2);
        run("ArrayList two adds", ArrayList::new, (l, i) -> ((List<Integer>) l).add(i), l -> ((List<?>) l).size() == 2);
        run("ArrayList iterated while another thread adds", () -> new ArrayList<>(List.of(1, 2)), JdkOverlap::iterateOrAdd, l -> true);
        run("StringBuilder two appends", StringBuilder::new, (b, i) -> ((StringBuilder) b).append(i == 0 ? "ab" : "cd"),
                b -> ((StringBuilder) b).length() == 4);
        run("HashMap locked puts", HashMap::new, JdkOverlap::lockedPut, m -> ((Map<?, ?>) m).size() == 2);
    }

    @SuppressWarnings("unchecked")
    private static void iterateOrAdd(Object list, int thread) {
        if (thread == 1) {
            ((List<Integer>) list).add(3);
            return;
        }
        int sum = 0;
        for (int n : (List<Integer>) list) {
            sum += n;
        }
        if (sum < 0) {
            throw new AssertionError(sum);
        }
    }

    @SuppressWarnings("unchecked")
    private static void lockedPut(Object map, int thread) {
        synchronized (map) {
            ((Map<Integer, String>) map).put(thread, "v");
        }
    }

    private static void run(String name, Supplier<Object> make, BiConsumer<Object, Integer> operation, Predicate<Object> intact)
            throws InterruptedException {
        Map<String, Integer> seen = new TreeMap<>();
        for (int t = 0; t < TRIALS; t++) {
            String outcome = trial(make.get(), operation, intact);
            if (outcome != null) {
                seen.merge(outcome, 1, Integer::sum);
            }
        }
        System.out.println(name + ": " + seen + " in " + TRIALS + " trials");
    }

    /** One trial: null when nothing went wrong, else what the threads threw or "lost". */
    private static String trial(Object shared, BiConsumer<Object, Integer> operation, Predicate<Object> intact) throws InterruptedException {
        String[] thrown = new String[2];
        go = false;
        Thread[] threads = new Thread[2];
        for (int i = 0; i < 2; i++) {
            int me = i;
            threads[i] = new Thread(() -> {
                while (!go) {
                    Thread.onSpinWait();
                }
                try {
                    operation.accept(shared, me);
                } catch (RuntimeException e) {
                    thrown[me] = e.getClass().getSimpleName();
                }
            });
            threads[i].start();
        }
        go = true;
        for (Thread t : threads) {
            t.join();
        }
        if (thrown[0] != null || thrown[1] != null) {
            return thrown[0] != null ? thrown[0] : thrown[1];
        }
        return intact.test(shared) ? null : "lost";
    }
}
