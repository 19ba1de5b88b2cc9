package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyRunner.Op;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PctStrategyTest {

    private static final List<List<Op>> PROGRAM = List.of(
            List.of(Op.write("x", 1), Op.read("y"), Op.write("x", 2), Op.read("y")),
            List.of(Op.write("y", 1), Op.read("x"), Op.write("y", 2)),
            List.of(Op.read("x"), Op.read("y")));

    private static List<String> schedules(long seed, int runs) {
        List<String> out = new ArrayList<>();
        ToyRunner toy = new ToyRunner(PROGRAM, s -> false, MemoryModel.TSO);
        ExplorationResult result = new Explorer(policy -> {
            var r = toy.run(policy);
            out.add(r.schedule().toString());
            return r;
        }, new PctStrategy(MemoryModel.TSO, seed, 3, runs), ExplorationLimits.NONE, null).explore();
        assertEquals(runs, result.executions());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
        return out;
    }

    @Test
    void theSameSeedGivesTheSameRuns() {
        assertEquals(schedules(7, 30), schedules(7, 30));
        assertNotEquals(schedules(7, 30), schedules(8, 30));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void findsAnOrderingBugOfDepthOne(long seed) {
        // Bug when the reader runs before the writer: one ordering constraint.
        List<List<Op>> program = List.of(List.of(Op.write("x", 1), Op.write("z", 1)), List.of(Op.read("x"), Op.write("w", 1)));
        assertFoundWithin(program, s -> s.getOrDefault("r1.x", 0L) == 0, seed, 1, 10);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void findsTheLostUpdateOfDepthTwo(long seed) {
        List<List<Op>> program = List.of(List.of(Op.read("c"), Op.write("c", 1), Op.write("z", 1)),
                List.of(Op.read("c"), Op.write("c", 1), Op.write("w", 1)));
        assertFoundWithin(program, s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0, seed, 2, 60);
    }

    @Test
    void depthOneNeverPreemptsSoMissesTheLostUpdate() {
        List<List<Op>> program = List.of(List.of(Op.read("c"), Op.write("c", 1)), List.of(Op.read("c"), Op.write("c", 1)));
        ExplorationResult result = new Explorer(new ToyRunner(program, s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0),
                new PctStrategy(MemoryModel.SC, 1, 1, 50), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.INCOMPLETE, result.verdict());
    }

    private static void assertFoundWithin(List<List<Op>> program, Predicate<Map<String, Long>> bad, long seed, int depth, int runs) {
        PctStrategy pct = new PctStrategy(MemoryModel.SC, seed, depth, runs);
        ExplorationResult result = new Explorer(new ToyRunner(program, bad), pct, ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.BUG, result.verdict(), "seed " + seed);
        assertTrue(result.executionsToFirstBug() <= runs);
        assertEquals("sampling", pct.incompleteReasons().get(0).kind());
    }
}
