package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** DPOR against exhaustive search on the controlled runtime: the same outcomes, never more runs. */
class DporOnRuntimeTest {

    static Stream<Arguments> programs() {
        Map<String, TestProgram> programs = new TreeMap<>();
        programs.put("store buffering", Runs.threads(t -> {
            t.write("x", 1);
            t.record("r0", t.read("y"));
        }, t -> {
            t.write("y", 1);
            t.record("r1", t.read("x"));
        }));
        programs.put("store buffering, full fences", Runs.threads(t -> {
            t.write("x", 1);
            Hooks.fence(FenceKind.FULL.ordinal(), -1);
            t.record("r0", t.read("y"));
        }, t -> {
            t.write("y", 1);
            Hooks.fence(FenceKind.FULL.ordinal(), -1);
            t.record("r1", t.read("x"));
        }));
        programs.put("store buffering, store-store fences", Runs.threads(t -> {
            t.write("x", 1);
            Hooks.fence(FenceKind.STORE_STORE.ordinal(), -1);
            t.record("r0", t.read("y"));
        }, t -> {
            t.write("y", 1);
            Hooks.fence(FenceKind.STORE_STORE.ordinal(), -1);
            t.record("r1", t.read("x"));
        }));
        programs.put("message passing", Runs.threads(t -> {
            t.write("x", 1);
            t.write("y", 1);
        }, t -> {
            t.record("r0", t.read("y"));
            t.record("r1", t.read("x"));
        }));
        programs.put("message passing, volatile flag", Runs.threads(t -> {
            t.write("x", 1);
            t.write("v", 1);
        }, t -> {
            t.record("r0", t.read("v"));
            t.record("r1", t.read("x"));
        }));
        Object monitor = new Object();
        programs.put("increments under a monitor", Runs.threads(
                t -> t.sync(monitor, () -> t.write("x", t.read("x") + 1)),
                t -> {
                    t.sync(monitor, () -> t.write("x", t.read("x") + 1));
                    t.record("r1", t.read("x"));
                }));
        return programs.entrySet().stream().flatMap(e -> Stream.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)
                .filter(m -> !(e.getKey().contains("store-store") && m == MemoryModel.TSO))
                .map(m -> Arguments.of(e.getKey(), m, e.getValue())));
    }

    private record Outcomes(Set<String> states, long runs) {
    }

    private static Outcomes explore(TestProgram program, MemoryModel model, Strategy strategy) {
        ControlledExecutor executor = new ControlledExecutor(program, Runs.config(model));
        Set<String> states = new TreeSet<>();
        ExplorationResult result = new Explorer(policy -> {
            RunResult r = executor.run(policy);
            states.add(r.status() + " " + r.finalState());
            return r;
        }, strategy, new ExplorationLimits(100_000, null, true), null).explore();
        assertTrue(result.complete(), result.toString());
        return new Outcomes(states, result.executions());
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("programs")
    void reachesExactlyTheOutcomesOfExhaustiveSearch(String name, MemoryModel model, TestProgram program) {
        Outcomes dfs = explore(program, model, new DfsStrategy());
        Outcomes dpor = explore(program, model, new DporStrategy(model));
        assertEquals(dfs.states(), dpor.states());
        assertTrue(dpor.runs() <= dfs.runs(), "dpor " + dpor.runs() + ", dfs " + dfs.runs());
    }
}
