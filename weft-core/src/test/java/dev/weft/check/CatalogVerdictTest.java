package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.solver.Limits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalogued example, under its memory model, gets the catalogued verdict (bug kind included)
 * from exhaustive DFS and from MCR, and a "no bug" verdict is complete.
 */
class CatalogVerdictTest {

    static Stream<Arguments> entries() {
        return Catalog.examples().stream().map(e -> Arguments.of(e.className(), e.memoryModel(), e));
    }

    @ParameterizedTest(name = "dfs {0} {1}")
    @MethodSource("entries")
    void exhaustiveDfs(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new DfsStrategy());
    }

    @ParameterizedTest(name = "mcr {0} {1}")
    @MethodSource("entries")
    void mcr(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new McrStrategy(SolverKind.ORDER, m, Limits.NONE));
    }

    private static void check(Catalog.Entry entry, Function<MemoryModel, Strategy> strategy) throws Exception {
        MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
        ExplorationResult result = RealRuns.explore(entry.className(), model, strategy.apply(model), false).result();
        assertNull(result.error(), entry.className());
        if (entry.expectsBug()) {
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), entry.className() + ": " + entry.note());
            assertEquals(entry.bugKind().orElseThrow(), result.bugs().get(0).bug().kind().jsonName(), entry.className());
            assertTrue(result.bugs().get(0).replayed(), entry.className() + ": the bug's schedule must replay it");
        } else {
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), entry.className() + ": " + entry.note() + " " + result.bugs());
            assertTrue(result.complete());
        }
    }
}
