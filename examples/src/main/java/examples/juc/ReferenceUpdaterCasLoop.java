package examples.juc;

import examples.jdk.TwoThreads;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.stream.Stream;

/** Two threads append to an immutable list held in a field, each by a compareAndSet retry loop on its updater: both there. */
public class ReferenceUpdaterCasLoop {
    private static final AtomicReferenceFieldUpdater<ReferenceUpdaterCasLoop, List> NAMES =
            AtomicReferenceFieldUpdater.newUpdater(ReferenceUpdaterCasLoop.class, List.class, "names");
    volatile List<String> names = List.of();

    @SuppressWarnings("unchecked")
    void add(String name) {
        List<String> seen;
        List<String> next;
        do {
            seen = names;
            next = Stream.concat(seen.stream(), Stream.of(name)).toList();
        } while (!NAMES.compareAndSet(this, seen, next));
    }

    public static void main(String[] args) throws InterruptedException {
        ReferenceUpdaterCasLoop registry = new ReferenceUpdaterCasLoop();
        TwoThreads.run(() -> registry.add("a"), () -> registry.add("b"));
        if (registry.names.size() != 2) {
            throw new AssertionError("lost a name: " + registry.names);
        }
    }
}
