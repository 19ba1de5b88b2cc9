package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyRunner.Op;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The exploration loop's verdict plumbing: every reason against completeness is listed, and Weft's own failures are errors, never bugs. */
class ExplorerTest {
    private static final List<List<Op>> TWO_WRITERS = List.of(List.of(Op.write("x", 1)), List.of(Op.write("x", 2)));
    private static final List<List<Op>> LOST_UPDATE = List.of(
            List.of(Op.read("c"), Op.write("c", 1)), List.of(Op.read("c"), Op.write("c", 1)));
    private static final Predicate<Map<String, Long>> BOTH_READ_ZERO =
            s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0;

    private static List<String> kinds(ExplorationResult result) {
        return result.incompleteReasons().stream().map(IncompleteReason::kind).toList();
    }

    private static RunResult withReasons(RunResult run, List<IncompleteReason> reasons) {
        return new RunResult(run.status(), run.trace(), run.schedule(), run.bugs(), run.detail(), run.finalState(), reasons);
    }

    @Test
    void aCompleteExplorationHasNoReason() {
        ExplorationResult result = new Explorer(new ToyRunner(TWO_WRITERS, s -> false), new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.OK, result.verdict());
        assertTrue(result.complete());
        assertEquals(List.of(), result.incompleteReasons());
    }

    @Test
    void runReasonsAreAddedUpOverTheRunsAndMakeTheExplorationIncomplete() {
        ToyRunner toy = new ToyRunner(TWO_WRITERS, s -> false);
        IncompleteReason cut = IncompleteReason.of("loop-bound", "a loop at A.java:3 ran past the loop bound");
        ExplorationResult result = new Explorer(policy -> withReasons(toy.run(policy), List.of(cut)), new DfsStrategy(),
                ExplorationLimits.NONE, null).explore();
        assertEquals(2, result.executions());
        assertEquals(Stop.EXHAUSTED, result.stop());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
        assertFalse(result.complete());
        assertEquals(List.of(cut.plus(1)), result.incompleteReasons());
        assertEquals("a loop at A.java:3 ran past the loop bound (2 times)", result.incompleteReasons().get(0).describe());
    }

    @Test
    void eachStopThatIsNotTheEndSaysWhich() {
        ToyRunner toy = new ToyRunner(TWO_WRITERS, s -> false);
        assertEquals(List.of("max-executions"), kinds(new Explorer(toy, new DfsStrategy(), new ExplorationLimits(1, null, false), null).explore()));
        ExplorationResult bug = new Explorer(new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO), new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(List.of("first-bug"), kinds(bug));
        ExplorationResult sampled = new Explorer(toy, new RandomStrategy(1, 3), ExplorationLimits.NONE, null).explore();
        assertEquals(Stop.EXHAUSTED, sampled.stop());
        assertEquals(List.of("sampling"), kinds(sampled));
    }

    @Test
    void aTimeLimitOrACancelIsNamedNeverExhausted() {
        ToyRunner toy = new ToyRunner(TWO_WRITERS, s -> false);
        Deadline passed = Deadline.after(java.time.Duration.ZERO);
        ExplorationResult timedOut = new Explorer(toy, new DfsStrategy(), ExplorationLimits.NONE, null, passed).explore();
        assertEquals(Stop.TIME_LIMIT, timedOut.stop());
        assertEquals(List.of("time-limit"), kinds(timedOut));
        assertEquals("the exploration stopped at its time limit of 0s", timedOut.incompleteReasons().get(0).message());

        Deadline deadline = Deadline.after(null);
        Explorer explorer = new Explorer(policy -> {
            deadline.cancel();
            return toy.run(policy);
        }, new DfsStrategy(), ExplorationLimits.NONE, null, deadline);
        ExplorationResult cancelled = explorer.explore();
        assertEquals(1, cancelled.executions());
        assertEquals(Stop.CANCELLED, cancelled.stop());
        assertEquals(List.of("cancelled"), kinds(cancelled));
    }

    @Test
    void aRunStoppedFromOutsideStandsForNothing() {
        ToyRunner toy = new ToyRunner(TWO_WRITERS, s -> false);
        Deadline deadline = Deadline.after(null);
        List<RunResult> told = new java.util.ArrayList<>();
        Strategy dfs = new DfsStrategy();
        Strategy recording = new Strategy() {
            public String name() {
                return dfs.name();
            }

            public SchedulePolicy nextRun() {
                return dfs.nextRun();
            }

            public void runFinished(RunResult result) {
                told.add(result);
                dfs.runFinished(result);
            }

            public List<IncompleteReason> incompleteReasons() {
                return dfs.incompleteReasons();
            }
        };
        ExplorationResult result = new Explorer(policy -> {
            RunResult run = toy.run(policy);
            deadline.cancel();
            return new RunResult(RunResult.Status.STOPPED, run.trace(), run.schedule(), List.of(), "stopped", Map.of());
        }, recording, ExplorationLimits.NONE, null, deadline).explore();
        assertEquals(0, result.executions());
        assertEquals(List.of(), told);
        assertEquals(Stop.CANCELLED, result.stop());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
    }

    @Test
    void aFailingStrategyIsWeftsErrorNotTheProgramsBug() {
        ToyRunner toy = new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO);
        ExplorationResult result = new Explorer(toy, new Failing(new IllegalStateException("no such seed")), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.ERROR, result.verdict());
        assertEquals(Stop.ERROR, result.stop());
        assertTrue(result.error().startsWith("Weft failed: java.lang.IllegalStateException: no such seed (at "), result.error());
        assertEquals(List.of("error"), kinds(result));
        assertTrue(result.bugs().isEmpty());
    }

    @Test
    void aFailingRunnerIsWeftsErrorWithItsCause() {
        ExplorationResult result = new Explorer(policy -> {
            throw new IllegalStateException("Weft run failed: schedule policy failed", new NullPointerException("choice"));
        }, new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.ERROR, result.verdict());
        assertTrue(result.error().contains("Weft run failed: schedule policy failed; caused by java.lang.NullPointerException: choice"),
                result.error());
    }

    @Test
    void theCheckerOutOfMemoryIsAnErrorThatSaysSo() {
        ExplorationResult result = new Explorer(policy -> {
            throw new OutOfMemoryError("Java heap space");
        }, new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.ERROR, result.verdict());
        assertTrue(result.error().startsWith("Weft failed: the checker ran out of memory (Java heap space)"), result.error());
    }

    @Test
    void aBugFoundBeforeWeftFailedStaysABug() {
        ToyRunner toy = new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO);
        int[] bugRuns = {0};
        ExplorationResult result = new Explorer(policy -> {
            if (bugRuns[0] == 2) { // the bug's run and its replay
                throw new IllegalStateException("broken");
            }
            RunResult run = toy.run(policy);
            bugRuns[0] += run.status() == RunResult.Status.BUG ? 1 : 0;
            return run;
        }, new DfsStrategy(), new ExplorationLimits(0, null, true), null).explore();
        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(Stop.ERROR, result.stop());
        assertTrue(kinds(result).contains("error"));
    }

    @Test
    void aBugWhoseReplayWeftFailsInStaysABugNotReplayed() {
        ToyRunner toy = new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO);
        boolean[] bugSeen = {false};
        ExplorationResult result = new Explorer(policy -> {
            if (bugSeen[0]) {
                throw new IllegalStateException("Weft run failed: cannot control thread main");
            }
            RunResult run = toy.run(policy);
            bugSeen[0] = run.status() == RunResult.Status.BUG;
            return run;
        }, new DfsStrategy(), ExplorationLimits.NONE, null).explore();
        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(Stop.ERROR, result.stop());
        assertEquals(FoundBug.Replay.NOT_CHECKED, result.bugs().get(0).replay());
        assertTrue(result.error().contains("cannot control thread main"), result.error());
    }

    /** A strategy whose every call fails. */
    private record Failing(RuntimeException failure) implements Strategy {
        public String name() {
            return "failing";
        }

        public SchedulePolicy nextRun() {
            throw failure;
        }

        public void runFinished(RunResult result) {
        }

        public List<IncompleteReason> incompleteReasons() {
            throw failure;
        }
    }
}
