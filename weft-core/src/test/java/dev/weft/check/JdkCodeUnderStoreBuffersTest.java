package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JDK code is not instrumented, yet under TSO/PSO it must read what the memory model lets the
 * calling thread read: its own buffered writes (store forwarding), and of other threads' writes only
 * the flushed ones.
 */
class JdkCodeUnderStoreBuffersTest {
    private static final long RUNS = 20_000;

    static Stream<Arguments> relaxedModelsAndStrategies() {
        List<Function<MemoryModel, Strategy>> strategies = List.of(m -> new DfsStrategy(), DporStrategy::new,
                m -> new McrStrategy(SolverKind.ORDER, m, QueryLimits.NONE));
        return Stream.of(MemoryModel.TSO, MemoryModel.PSO)
                .flatMap(model -> strategies.stream().map(strategy -> Arguments.of(model, strategy.apply(model))));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("relaxedModelsAndStrategies")
    void jdkCodeSeesTheCallingThreadsOwnBufferedWrites(MemoryModel model, Strategy strategy) throws Exception {
        ExplorationResult result = subject("subjects.JdkSeesOwnWrites", List.of(), model, strategy).result();
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), () -> result.bugs().toString());
        assertTrue(result.complete(), () -> result.executions() + " runs, stopped by " + result.stop());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void jdkReadsSeeWhatInstrumentedReadsSee(MemoryModel model) throws Exception {
        for (String location : List.of("array", "field")) {
            Set<String> instrumented = outcomes("subjects.JdkReads", List.of(location, "plain"), model);
            Set<String> jdk = outcomes("subjects.JdkReads", List.of(location, "jdk"), model);
            assertEquals(instrumented, jdk, location);
            assertFalse(jdk.stream().anyMatch(o -> o.contains("mainSaw=0")), () -> location + ": main missed its own write " + jdk);
        }
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void jdkCodeOfAnotherThreadSeesOnlyFlushedWrites(MemoryModel model) throws Exception {
        Set<String> outcomes = outcomes("subjects.JdkSnapshot", List.of(), model);
        for (String outcome : outcomes) {
            assertFalse(outcome.contains("firstAgain=0") && outcome.contains("snapshot=\"[1,"),
                    "a later read saw an older value than the JDK snapshot: " + outcome);
        }
        assertEquals(model == MemoryModel.PSO, outcomes.stream().anyMatch(o -> o.contains("snapshot=\"[0, 1]\"")), outcomes::toString);
        assertTrue(outcomes.stream().anyMatch(o -> o.contains("snapshot=\"[1, 1]\"")), outcomes::toString);
    }

    /** Every final state exhaustive DFS reaches. */
    private static Set<String> outcomes(String mainClass, List<String> args, MemoryModel model) throws Exception {
        RealRuns.Exploration dfs = subject(mainClass, args, model, new DfsStrategy());
        assertTrue(dfs.result().complete(), mainClass + " " + args);
        assertEquals(ExplorationResult.Verdict.OK, dfs.result().verdict(), () -> dfs.result().bugs().toString());
        return dfs.outcomes();
    }

    private static RealRuns.Exploration subject(String mainClass, List<String> args, MemoryModel model, Strategy strategy)
            throws Exception {
        return RealRuns.explore(RealRuns.classpathOf(subjects.Fields.class), mainClass, args, model, strategy, RUNS, true);
    }
}
