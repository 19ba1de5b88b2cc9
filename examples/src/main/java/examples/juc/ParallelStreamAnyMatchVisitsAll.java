package examples.juc;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the elements anyMatch's predicate saw and expects all of them: once a part has matched, the
 * JDK cancels the parts not started yet, so the predicate may never see some elements.
 */
public class ParallelStreamAnyMatchVisitsAll {
    public static void main(String[] args) {
        AtomicInteger visited = new AtomicInteger();
        boolean any = List.of(1, 2).parallelStream().anyMatch(x -> {
            visited.incrementAndGet();
            return x > 0;
        });
        if (!any || visited.get() != 2) {
            throw new AssertionError("the predicate saw " + visited.get() + " of 2 elements");
        }
    }
}
