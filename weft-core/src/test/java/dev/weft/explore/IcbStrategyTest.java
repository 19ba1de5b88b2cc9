package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyRunner.Op;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.Choice;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IcbStrategyTest {

    private static final List<List<Op>> LOST_UPDATE = List.of(
            List.of(Op.read("c"), Op.write("c", 1)), List.of(Op.read("c"), Op.write("c", 1)));
    private static final Predicate<Map<String, Long>> BOTH_READ_ZERO =
            s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0;

    @Test
    void lostUpdateNeedsOnePreemption() {
        IcbStrategy none = new IcbStrategy(0);
        ExplorationResult withoutPreemption = new Explorer(new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO), none, ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.INCOMPLETE, withoutPreemption.verdict());
        assertFalse(withoutPreemption.complete());
        IncompleteReason cut = withoutPreemption.incompleteReasons().get(0);
        assertEquals("preemption-bound", cut.kind());
        assertEquals(1, withoutPreemption.incompleteReasons().size());
        // One preemption left out in each of the two runs: after either thread's read.
        assertEquals(2, cut.count());
        assertEquals(2, withoutPreemption.executions());
        assertEquals(-1, none.bugBound());

        IcbStrategy one = new IcbStrategy(1);
        ExplorationResult withOne = new Explorer(new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO), one, ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.BUG, withOne.verdict());
        assertEquals(1, one.bugBound());
        assertTrue(withOne.bugs().get(0).replayed());
    }

    @Test
    void withoutPreemptionsWritesStayBufferedUntilTheirThreadEnds() {
        List<List<Op>> storeBuffering = List.of(List.of(Op.write("x", 1), Op.read("y")), List.of(Op.write("y", 1), Op.read("x")));
        Predicate<Map<String, Long>> bothReadZero = s -> s.getOrDefault("r0.y", 0L) == 0 && s.getOrDefault("r1.x", 0L) == 0;
        IcbStrategy tso = new IcbStrategy(0);
        assertEquals(Verdict.BUG, new Explorer(new ToyRunner(storeBuffering, bothReadZero, MemoryModel.TSO), tso, ExplorationLimits.NONE, null).explore().verdict());
        assertEquals(0, tso.bugBound());
        ExplorationResult sc = new Explorer(new ToyRunner(storeBuffering, bothReadZero), new IcbStrategy(2), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.OK, sc.verdict());
    }

    @Test
    void completeWhenNoRunCouldPreempt() {
        List<List<Op>> program = List.of(List.of(Op.write("x", 1)), List.of(Op.read("x")), List.of(Op.read("x")));
        ExplorationResult result = new Explorer(new ToyRunner(program, s -> false), new IcbStrategy(0), ExplorationLimits.NONE, null).explore();
        assertTrue(result.complete());
        assertEquals(Verdict.OK, result.verdict());
        assertEquals(6, result.executions());
    }

    @ParameterizedTest
    @CsvSource({"SC,0", "SC,1", "SC,2", "TSO,1", "PSO,1", "TSO,2"})
    void makesEachRunWithinTheBoundExactlyOnce(MemoryModel model, int bound) {
        List<List<Op>> program = List.of(List.of(Op.write("x", 1), Op.read("y"), Op.write("x", 2)),
                List.of(Op.lock("l"), Op.write("y", 1), Op.unlock("l")), List.of(Op.read("x")));
        Set<List<Choice>> expected = new HashSet<>();
        ToyRunner all = new ToyRunner(program, s -> false, model);
        new Explorer(policy -> {
            int[] preemptions = {0};
            var r = all.run(countingPreemptions(policy, preemptions));
            if (preemptions[0] <= bound) {
                expected.add(r.schedule());
            }
            return r;
        }, new DfsStrategy(), ExplorationLimits.NONE, null).explore();

        Set<List<Choice>> made = new HashSet<>();
        ToyRunner toy = new ToyRunner(program, s -> false, model);
        ExplorationResult result = new Explorer(policy -> {
            var r = toy.run(policy);
            assertTrue(made.add(r.schedule()), "run made twice: " + r.schedule());
            return r;
        }, new IcbStrategy(bound), ExplorationLimits.NONE, null).explore();
        assertEquals(expected, made);
        assertFalse(result.complete());
    }

    /**
     * Counts preemptions as IcbStrategy defines them: choosing anything but the running thread's
     * enabled step; when it cannot step, anything but another thread's step, or when no thread can
     * step, anything but the first flush offered.
     */
    private static SchedulePolicy countingPreemptions(SchedulePolicy policy, int[] preemptions) {
        int[] running = {-1};
        return point -> {
            Choice c = policy.choose(point);
            boolean anyStep = point.enabled().stream().anyMatch(e -> !e.isFlush());
            boolean free = point.enabled().contains(Choice.step(running[0])) ? c.equals(Choice.step(running[0]))
                    : anyStep ? !c.isFlush() : c.equals(point.enabled().get(0));
            if (!free) {
                preemptions[0]++;
            }
            if (!c.isFlush()) {
                running[0] = c.thread();
            }
            return c;
        };
    }
}
