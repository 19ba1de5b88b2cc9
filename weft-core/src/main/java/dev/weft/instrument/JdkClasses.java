package dev.weft.instrument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one list of JDK code Weft can instrument ({@code --instrument-jdk}), and what each entry brings with it: its
 * nested classes (nodes, iterators, views) and the JDK superclasses whose code its methods run. A name given by the
 * user is an entry, or a package, which stands for its entries.
 */
public final class JdkClasses {
    private static final Map<String, List<String>> CATALOGUE = new LinkedHashMap<>();
    private static final String CONCURRENT = "java.util.concurrent.";
    private static final String AQS = "locks.AbstractQueuedSynchronizer";
    private static final Set<String> MODELLED = Set.of("locks.ReentrantLock", "locks.ReentrantReadWriteLock", "CountDownLatch",
            "CopyOnWriteArrayList", "CopyOnWriteArraySet");

    static {
        CATALOGUE.put("java.util.HashMap", List.of("java.util.AbstractMap"));
        CATALOGUE.put("java.util.LinkedHashMap", List.of("java.util.HashMap", "java.util.AbstractMap"));
        CATALOGUE.put("java.util.HashSet", List.of("java.util.HashMap", "java.util.AbstractMap", "java.util.AbstractSet",
                "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.LinkedHashSet", List.of("java.util.HashSet", "java.util.LinkedHashMap", "java.util.HashMap",
                "java.util.AbstractMap", "java.util.AbstractSet", "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.ArrayList", List.of("java.util.AbstractList", "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.LinkedList", List.of("java.util.AbstractSequentialList", "java.util.AbstractList",
                "java.util.AbstractCollection"));
        CATALOGUE.put("java.util.ArrayDeque", List.of("java.util.AbstractCollection"));
        CATALOGUE.put("java.lang.StringBuilder", List.of("java.lang.AbstractStringBuilder"));
        concurrent(AQS);
        concurrent("locks.AbstractQueuedLongSynchronizer");
        concurrent("locks.ReentrantLock", AQS);
        concurrent("locks.ReentrantReadWriteLock", AQS);
        concurrent("Semaphore", AQS);
        concurrent("CountDownLatch", AQS);
        concurrent("CyclicBarrier", AQS, "locks.ReentrantLock");
        concurrent("ArrayBlockingQueue", AQS, "locks.ReentrantLock", "AbstractQueue");
        concurrent("LinkedBlockingQueue", AQS, "locks.ReentrantLock", "AbstractQueue");
        concurrent("LinkedBlockingDeque", AQS, "locks.ReentrantLock", "AbstractQueue");
        concurrent("ConcurrentLinkedQueue", "AbstractQueue");
        concurrent("ConcurrentLinkedDeque", "AbstractQueue");
        concurrent("LinkedTransferQueue", "AbstractQueue");
        concurrent("SynchronousQueue", "LinkedTransferQueue", "AbstractQueue");
        concurrent("Exchanger");
        concurrent("Phaser");
        concurrent("locks.StampedLock");
        concurrent("ConcurrentHashMap", "AbstractMap");
        concurrent("CopyOnWriteArrayList");
        concurrent("CopyOnWriteArraySet", "CopyOnWriteArrayList", "AbstractSet", "AbstractCollection");
        concurrent("ConcurrentSkipListMap", "AbstractMap", "atomic.LongAdder", "atomic.Striped64");
        concurrent("ConcurrentSkipListSet", "ConcurrentSkipListMap", "atomic.LongAdder", "atomic.Striped64", "AbstractMap", "AbstractSet",
                "AbstractCollection");
        concurrent("PriorityBlockingQueue", AQS, "locks.ReentrantLock", "AbstractQueue");
        concurrent("DelayQueue", AQS, "locks.ReentrantLock", "AbstractQueue", "java.util.PriorityQueue");
    }

    /**
     * An entry of {@code java.util.concurrent} (names relative to it, but java.util's abstract collections and map, and full names) and the classes
     * whose code it runs: with AbstractQueuedSynchronizer comes its owner-keeping superclass, with a queue the JDK's
     * abstract collections (SynchronousQueue runs on LinkedTransferQueue's code from JDK 21 on; DelayQueue keeps its jobs in a
     * java.util.PriorityQueue, always under its lock, whose reads decide what a take returns, so they must be events).
     */
    private static void concurrent(String entry, String... brings) {
        List<String> classes = new ArrayList<>();
        for (String name : brings) {
            classes.add(name.startsWith("java.") ? name : name.startsWith("Abstract") ? "java.util." + name : CONCURRENT + name);
            if (name.equals(AQS)) {
                classes.add(CONCURRENT + "locks.AbstractOwnableSynchronizer");
            }
            if (name.equals("AbstractQueue")) {
                classes.add("java.util.AbstractCollection");
            }
        }
        if (entry.startsWith("locks.AbstractQueued")) {
            classes.add(CONCURRENT + "locks.AbstractOwnableSynchronizer");
        }
        CATALOGUE.put(CONCURRENT + entry, List.copyOf(classes));
    }

    /**
     * Whether a check instruments an entry when the program uses it: {@code java.util.concurrent}'s, but those whose
     * program calls Weft models at the level of their API (locks and conditions, latches; the copy-on-write collections,
     * whose every call holds their lock and whose iterators are snapshots, so that one step per call is exact). A program
     * that names AbstractQueuedSynchronizer has its own subclass of it, whose calls run the JDK's code. The lock-free
     * queues run their code: their size() and iteration are not atomic (ConcurrentQueueSizeWhileAdding).
     */
    static boolean instrumentedWhenUsed(String entry) {
        return entry.startsWith(CONCURRENT) && CATALOGUE.containsKey(entry) && !MODELLED.contains(entry.substring(CONCURRENT.length()));
    }

    private JdkClasses() {
    }

    /** The entries users may name, for messages and help. */
    public static Set<String> entries() {
        return CATALOGUE.keySet();
    }

    /**
     * The entries the names stand for (classes, or packages of entries), sorted.
     *
     * @throws IllegalArgumentException naming the first name that is neither an entry nor a package of entries
     */
    public static Set<String> select(List<String> names) {
        Set<String> selected = new TreeSet<>();
        for (String raw : names) {
            String name = raw.trim();
            if (CATALOGUE.containsKey(name)) {
                selected.add(name);
                continue;
            }
            List<String> inPackage = CATALOGUE.keySet().stream().filter(entry -> packageOf(entry).equals(name)).toList();
            if (inPackage.isEmpty()) {
                throw new IllegalArgumentException("--instrument-jdk: " + describe(name) + "; Weft can instrument " + String.join(", ", entries())
                        + " (or a package of them)");
            }
            selected.addAll(inPackage);
        }
        return selected;
    }

    /**
     * The entries with the entries they bring: a set's iterator is its map's ({@code HashSet}, {@code ConcurrentSkipListSet}),
     * so the runtime must know the map's objects as instrumented too. Locks stay out: what brings them runs Weft's model of them.
     */
    static Set<String> withBroughtEntries(Set<String> entries) {
        Set<String> all = new TreeSet<>(entries);
        for (String entry : entries) {
            CATALOGUE.getOrDefault(entry, List.of()).stream()
                    .filter(brought -> CATALOGUE.containsKey(brought) && !brought.startsWith(CONCURRENT + "locks."))
                    .forEach(all::add);
        }
        return all;
    }

    /** Every class the selected entries instrument (binary names): the entries, what they bring, and their nested classes. */
    static List<Class<?>> classes(Set<String> selected) {
        Set<String> names = new TreeSet<>();
        for (String entry : selected) {
            names.add(entry);
            names.addAll(CATALOGUE.get(entry));
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            Class<?> type = load(name);
            for (Class<?> member : type.getNestMembers()) {
                if (!classes.contains(member)) {
                    classes.add(member);
                }
            }
        }
        return classes;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the JDK has no class " + name + ", which Weft's list of JDK classes names", e);
        }
    }

    private static String describe(String name) {
        try {
            Class.forName(name, false, null);
            return name + " is not one of the JDK classes Weft can instrument";
        } catch (ClassNotFoundException | LinkageError e) {
            return "unknown JDK class or package " + name;
        }
    }

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }
}
