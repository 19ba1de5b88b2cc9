package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyRunner.Op;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DfsStrategyTest {

    private static List<Op> writes(String var, int n) {
        List<Op> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ops.add(Op.write(var, i));
        }
        return ops;
    }

    private static long binomial(int n, int k) {
        long r = 1;
        for (int i = 1; i <= k; i++) {
            r = r * (n - k + i) / i;
        }
        return r;
    }

    @ParameterizedTest
    @CsvSource({"1,1", "2,3", "4,4", "5,2", "0,3"})
    void enumeratesEveryInterleavingOfTwoThreadsExactlyOnce(int n, int m) {
        ToyRunner toy = new ToyRunner(List.of(writes("x", n), writes("y", m)), s -> false);
        Set<String> schedules = new HashSet<>();
        ExplorationResult result = new Explorer(policy -> {
            var r = toy.run(policy);
            assertTrue(schedules.add(r.schedule().toString()), "schedule explored twice: " + r.schedule());
            return r;
        }, new DfsStrategy(), ExplorationLimits.NONE, null).explore();

        assertEquals(binomial(n + m, n), result.executions());
        assertEquals(schedules.size(), result.executions());
        assertTrue(result.complete());
        assertEquals(Verdict.OK, result.verdict());
    }

    @Test
    void threeThreadsGiveTheMultinomialCount() {
        ToyRunner toy = new ToyRunner(List.of(writes("x", 2), writes("y", 2), writes("z", 1)), s -> false);
        ExplorationResult result = new Explorer(toy, new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(30, result.executions()); // 5! / (2! 2! 1!)
    }

    @Test
    void findsTheLostUpdateAndReplaysIt() {
        // Each thread: read c, then write what it read plus one (modelled as two possible writes).
        List<Op> t0 = List.of(Op.read("c"), Op.write("c", 1));
        List<Op> t1 = List.of(Op.read("c"), Op.write("c", 1));
        ToyRunner toy = new ToyRunner(List.of(t0, t1), s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0);
        ExplorationResult result = new Explorer(toy, new DfsStrategy(), ExplorationLimits.NONE, null).explore();

        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(Stop.BUG_FOUND, result.stop());
        assertEquals(1, result.bugs().size());
        assertTrue(result.bugs().get(0).replayed());
        assertEquals(result.bugs().get(0).execution(), result.executionsToFirstBug());
    }

    @Test
    void allBugsKeepsExploringAndReportsEachBugOnce() {
        List<Op> t0 = List.of(Op.read("c"), Op.write("c", 1));
        List<Op> t1 = List.of(Op.read("c"), Op.write("c", 1));
        ToyRunner toy = new ToyRunner(List.of(t0, t1), s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0);
        ExplorationResult result = new Explorer(toy, new DfsStrategy(), new ExplorationLimits(0, null, true), null).explore();

        assertEquals(6, result.executions());
        assertEquals(1, result.bugs().size());
        assertTrue(result.complete());
    }

    @Test
    void maxExecutionsMakesTheResultIncomplete() {
        ToyRunner toy = new ToyRunner(List.of(writes("x", 3), writes("y", 3)), s -> false);
        ExplorationResult result = new Explorer(toy, new DfsStrategy(), new ExplorationLimits(5, null, false), null).explore();
        assertEquals(5, result.executions());
        assertEquals(Stop.MAX_EXECUTIONS, result.stop());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
    }

    @Test
    void randomIsReproducibleAndNeverComplete() {
        List<List<Op>> program = List.of(writes("x", 3), writes("y", 3));
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (List<String> out : List.of(first, second)) {
            ToyRunner toy = new ToyRunner(program, s -> false);
            ExplorationResult result = new Explorer(policy -> {
                var r = toy.run(policy);
                out.add(r.schedule().toString());
                return r;
            }, new RandomStrategy(42, 20), ExplorationLimits.NONE, null).explore();
            assertEquals(20, result.executions());
            assertEquals(Verdict.INCOMPLETE, result.verdict());
        }
        assertEquals(first, second);
        assertTrue(new HashSet<>(first).size() > 1, "random runs should differ");
    }
}
