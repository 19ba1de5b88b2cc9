package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.weft.explore.ToyRunner.Op;
import dev.weft.trace.BugKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class DporStrategyTest {

    /** Every final state (variables and registers) one strategy reaches, and how many runs it took. */
    record Outcomes(Set<String> states, long runs, boolean complete) {
    }

    static Outcomes explore(List<List<Op>> program, MemoryModel model, Strategy strategy) {
        return explore(program, model, strategy, new ExplorationLimits(0, null, true));
    }

    static Outcomes explore(List<List<Op>> program, MemoryModel model, Strategy strategy, ExplorationLimits limits) {
        ToyRunner toy = new ToyRunner(program, s -> false, model);
        Set<String> states = new HashSet<>();
        Set<String> schedules = new HashSet<>();
        ExplorationResult result = new Explorer(policy -> {
            var r = toy.run(policy);
            // The explorer runs each bug's schedule once more to check that it replays.
            assertTrue(schedules.add(r.schedule().toString()) || r.bug() != null, "schedule explored twice: " + r.schedule());
            states.add(new TreeMap<>(r.finalState()) + (r.bug() != null ? " " + r.bug().kind() : ""));
            return r;
        }, strategy, limits, null).explore();
        return new Outcomes(states, result.executions(), result.complete());
    }

    private static List<Op> ops(Op... ops) {
        return List.of(ops);
    }

    static Stream<Arguments> programs() {
        Op rx = Op.read("x");
        Op ry = Op.read("y");
        Op lock = Op.lock("l");
        Op unlock = Op.unlock("l");
        Map<String, List<List<Op>>> programs = new TreeMap<>(Map.of(
                "independent writes", List.of(ops(Op.write("x", 1), Op.write("x", 2)), ops(Op.write("y", 1), Op.write("y", 2))),
                "lost update", List.of(ops(rx, Op.write("x", 1)), ops(rx, Op.write("x", 2))),
                "write-write", List.of(ops(Op.write("x", 1), ry), ops(Op.write("x", 2), Op.write("y", 2))),
                "store buffering", List.of(ops(Op.write("x", 1), ry), ops(Op.write("y", 1), rx)),
                "message passing", List.of(ops(Op.write("x", 1), Op.write("y", 1)), ops(ry, rx)),
                "locked update", List.of(ops(lock, rx, Op.write("x", 1), unlock), ops(lock, rx, Op.write("x", 2), unlock)),
                "lock and unprotected read", List.of(ops(lock, Op.write("x", 1), Op.write("x", 2), unlock), ops(rx, lock, ry, unlock)),
                "three threads", List.of(ops(Op.write("x", 1), ry), ops(Op.write("y", 1), rx), ops(rx, Op.write("y", 3))),
                "three readers one writer", List.of(ops(rx), ops(rx, ry), ops(Op.write("x", 1), Op.write("y", 1)))));
        programs.put("two locks", List.of(ops(lock, Op.write("x", 1), unlock, Op.lock("m"), ry, Op.unlock("m")),
                ops(Op.lock("m"), Op.write("y", 1), Op.unlock("m"), lock, rx, unlock)));
        programs.put("wait for a flag", List.of(
                ops(lock, Op.read("ready", "r"), Op.jumpIf(r -> r.get("r") == 1, 5), Op.await("l"), Op.jump(1), Op.read("data", "d"), unlock),
                ops(lock, Op.write("data", 42), Op.write("ready", 1), Op.notifyOne("l"), unlock)));
        programs.put("missed notify", List.of(ops(lock, Op.await("l"), unlock), ops(lock, Op.notifyAll("l"), unlock)));
        programs.put("notify wakes any waiter", ToyPrograms.notifyWakesAnyWaiter().threads());
        programs.put("fork and join", List.of(ops(Op.write("x", 1), Op.fork(1), ry, Op.join(1), Op.read("y", "y2")), ops(Op.write("y", 1), rx)));
        return programs.entrySet().stream().flatMap(e -> Stream.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)
                .map(m -> Arguments.of(e.getKey(), m, e.getValue())));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("programs")
    void reachesExactlyTheOutcomesOfExhaustiveSearch(String name, MemoryModel model, List<List<Op>> program) {
        Outcomes dfs = explore(program, model, new DfsStrategy());
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        assertEquals(dfs.states(), dpor.states());
        assertTrue(dpor.complete());
        assertTrue(dpor.runs() <= dfs.runs(), "dpor " + dpor.runs() + " runs, dfs " + dfs.runs());
    }

    /** Peterson's lock around an increment of x: mutual exclusion holds under SC, not under TSO or PSO. */
    private static List<Op> peterson(int me) {
        int other = 1 - me;
        return ops(Op.write("flag" + me, 1), Op.write("turn", other),
                Op.read("flag" + other, "f"), Op.jumpIf(r -> r.get("f") == 0, 6),
                Op.read("turn", "t"), Op.spinBack(r -> r.get("t") == other, 2),
                Op.read("x", "x"), Op.write("x", r -> r.get("x") + 1), Op.write("flag" + me, 0));
    }

    /** Small random programs over two variables and a lock; locked sections are well nested. */
    static Stream<Arguments> randomPrograms() {
        return randomPrograms(new SplittableRandom(2014), 60, false);
    }

    /** Small random programs in which a thread may fail on a value it read. */
    static Stream<Arguments> randomProgramsWithChecks() {
        return randomPrograms(new SplittableRandom(7), 300, true);
    }

    private static Stream<Arguments> randomPrograms(SplittableRandom random, int count, boolean withChecks) {
        List<Arguments> cases = new ArrayList<>();
        for (int p = 0; p < count; p++) {
            int threadCount = 2 + random.nextInt(2);
            List<List<Op>> program = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                List<Op> ops = new ArrayList<>();
                int length = 1 + random.nextInt(threadCount == 2 ? 3 : 2);
                boolean locked = false;
                for (int i = 0; i < length; i++) {
                    String var = random.nextBoolean() ? "x" : "y";
                    String register = var + i;
                    switch (random.nextInt(8)) {
                        case 0 -> {
                            ops.add(locked ? Op.unlock("l") : Op.lock("l"));
                            locked = !locked;
                        }
                        case 1, 2 -> {
                            ops.add(Op.read(var, register));
                            if (withChecks && random.nextBoolean()) {
                                long failing = random.nextInt(3) * 10 + random.nextInt(3);
                                ops.add(Op.check(r -> r.get(register) != failing));
                            }
                        }
                        case 3, 4 -> ops.add(Op.write(var, 10 * t + i));
                        case 5 -> ops.add(Op.volatileRead(var, register));
                        case 6 -> ops.add(Op.volatileWrite(var, 10 * t + i));
                        default -> ops.add(Op.fence(random.nextBoolean() ? FenceKind.FULL : FenceKind.STORE_STORE));
                    }
                }
                if (locked) {
                    ops.add(Op.unlock("l"));
                }
                program.add(ops);
            }
            cases.add(Arguments.of(p, MemoryModel.values()[p % 3], program));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "random program {0} under {1}")
    @MethodSource("randomPrograms")
    void reachesExactlyTheOutcomesOfExhaustiveSearchOnRandomPrograms(int seed, MemoryModel model, List<List<Op>> program) {
        Outcomes dfs = explore(program, model, new DfsStrategy(), new ExplorationLimits(5000, null, true));
        assumeTrue(dfs.complete(), "too many interleavings for a unit test");
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        assertEquals(dfs.states(), dpor.states(), program.toString());
        assertTrue(dpor.runs() <= dfs.runs());
    }

    @ParameterizedTest(name = "random program {0} under {1}")
    @MethodSource("randomProgramsWithChecks")
    void reachesTheOutcomesWithoutFailedChecksOfExhaustiveSearchOnRandomPrograms(int seed, MemoryModel model, List<List<Op>> program) {
        Outcomes dfs = explore(program, model, new DfsStrategy(), new ExplorationLimits(5000, null, true));
        assumeTrue(dfs.complete(), "too many interleavings for a unit test");
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        assertEquals(withoutFailedChecks(dfs), withoutFailedChecks(dpor), program.toString());
        boolean dfsFailed = withoutFailedChecks(dfs).size() < dfs.states().size();
        assertEquals(dfsFailed, withoutFailedChecks(dpor).size() < dpor.states().size(), "a failed check found");
    }

    @Test
    void petersonUnderScMatchesExhaustiveSearch() {
        List<List<Op>> program = List.of(peterson(0), peterson(1));
        Outcomes dfs = explore(program, MemoryModel.SC, new DfsStrategy());
        Outcomes dpor = explore(program, MemoryModel.SC, new DporStrategy(MemoryModel.SC));
        assertEquals(dfs.states(), dpor.states());
        assertTrue(dpor.runs() < dfs.runs());
        assertTrue(dpor.states().stream().allMatch(state -> state.contains("x=2")), dpor.states().toString());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void petersonLosesMutualExclusionUnderRelaxedModels(MemoryModel model) {
        Outcomes dpor = explore(List.of(peterson(0), peterson(1)), model, new DporStrategy(model));
        assertTrue(dpor.complete());
        assertTrue(dpor.states().stream().anyMatch(state -> state.contains(" x=1")), dpor.states().toString());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void fullyIndependentThreadsNeedOneRun(MemoryModel model) {
        List<List<Op>> program = List.of(ops(Op.write("x", 1), Op.read("x")), ops(Op.write("y", 1), Op.read("y")), ops(Op.read("z")));
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        Outcomes dfs = explore(program, model, new DfsStrategy());
        assertEquals(1, dpor.runs());
        assertTrue(dfs.runs() > 1);
        assertEquals(dfs.states(), dpor.states());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void storeBufferingIsRelaxedExactlyUnderTsoAndPso(MemoryModel model) {
        List<List<Op>> program = List.of(ops(Op.write("x", 1), Op.read("y")), ops(Op.write("y", 1), Op.read("x")));
        String relaxed = "{r0.y=0, r1.x=0, x=1, y=1}";
        boolean expected = model != MemoryModel.SC;
        assertEquals(expected, explore(program, model, new DfsStrategy()).states().contains(relaxed));
        assertEquals(expected, explore(program, model, new DporStrategy(model)).states().contains(relaxed));
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void messagePassingIsRelaxedExactlyUnderPso(MemoryModel model) {
        List<List<Op>> program = List.of(ops(Op.write("x", 1), Op.write("y", 1)), ops(Op.read("y"), Op.read("x")));
        String relaxed = "{r1.x=0, r1.y=1, x=1, y=1}";
        boolean expected = model == MemoryModel.PSO;
        assertEquals(expected, explore(program, model, new DfsStrategy()).states().contains(relaxed));
        assertEquals(expected, explore(program, model, new DporStrategy(model)).states().contains(relaxed));
    }

    @Test
    void findsTheLostUpdateAndItReplays() {
        List<List<Op>> program = List.of(ops(Op.read("c"), Op.write("c", 1)), ops(Op.read("c"), Op.write("c", 1)));
        ToyRunner toy = new ToyRunner(program, s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0);
        ExplorationResult result = new Explorer(toy, new DporStrategy(MemoryModel.SC), ExplorationLimits.NONE, null).explore();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        assertTrue(result.bugs().get(0).replayed());
    }

    /** Programs in which a thread fails on a value another thread replaces later. */
    static Stream<Arguments> programsThatFailMidway() {
        Map<String, List<List<Op>>> programs = Map.of(
                // PingPong in miniature: t1 fails on the intermediate 1; the run where it does ends before x=2 is published.
                "hand-over through an intermediate value", List.of(ops(Op.write("x", 1), Op.write("x", 2)),
                        ops(Op.read("x", "r"), Op.check(r -> r.get("r") != 1))),
                // The run where t0 fails first ends before t1 has even reached the write that t0's read races with.
                "failure before the racing write is reached", List.of(ops(Op.volatileRead("v", "r"), Op.check(r -> r.get("r") == 1)),
                        ops(Op.write("y", 1), Op.volatileWrite("v", 1))));
        return programs.entrySet().stream().flatMap(e -> Stream.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)
                .map(m -> Arguments.of(e.getKey(), m, e.getValue())));
    }

    /** Outcomes of runs without a failed check: a run stopped by one leaves the other threads wherever its schedule had them. */
    private static Set<String> withoutFailedChecks(Outcomes outcomes) {
        Set<String> states = new HashSet<>(outcomes.states());
        states.removeIf(s -> s.endsWith(" " + BugKind.ASSERTION));
        return states;
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("programsThatFailMidway")
    void aRunStoppedByAFailedCheckDoesNotHideTheStatesBeyondIt(String name, MemoryModel model, List<List<Op>> program) {
        Outcomes dfs = explore(program, model, new DfsStrategy());
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        assertFalse(withoutFailedChecks(dfs).isEmpty());
        assertEquals(withoutFailedChecks(dfs), withoutFailedChecks(dpor));
        assertTrue(dpor.states().stream().anyMatch(s -> s.endsWith(" " + BugKind.ASSERTION)), dpor.states().toString());
    }

    @Test
    void criticalSectionsAreExploredOncePerOrder() {
        List<Op> increment = ops(Op.lock("l"), Op.read("x"), Op.write("x", 1), Op.unlock("l"));
        List<List<Op>> program = List.of(increment, increment, increment);
        Outcomes dpor = explore(program, MemoryModel.SC, new DporStrategy(MemoryModel.SC));
        assertEquals(6, dpor.runs());
        assertEquals(explore(program, MemoryModel.SC, new DfsStrategy()).states(), dpor.states());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void findsTheLockOrderDeadlock(MemoryModel model) {
        List<List<Op>> program = List.of(ops(Op.lock("l"), Op.write("x", 1), Op.lock("m"), Op.unlock("m"), Op.unlock("l")),
                ops(Op.lock("m"), Op.write("y", 1), Op.lock("l"), Op.unlock("l"), Op.unlock("m")));
        ExplorationResult result = new Explorer(new ToyRunner(program, s -> false, model), new DporStrategy(model), ExplorationLimits.NONE, null).explore();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        assertEquals(BugKind.DEADLOCK, result.bugs().get(0).bug().kind());
    }

    @Test
    void tellsHowManyAlternativesAreOpen() {
        List<List<Op>> program = List.of(ops(Op.read("c"), Op.write("c", 1)), ops(Op.read("c"), Op.write("c", 2)));
        DporStrategy dpor = new DporStrategy(MemoryModel.SC);
        ToyRunner toy = new ToyRunner(program, s -> false);
        dpor.runFinished(toy.run(dpor.nextRun()));
        assertTrue(dpor.pending() > 0);
        assertFalse(dpor.name().isEmpty());
    }
}
