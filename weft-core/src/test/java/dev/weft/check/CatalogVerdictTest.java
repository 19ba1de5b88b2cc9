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
 * from MCR, with a complete "no bug" verdict. Under SC, exhaustive DFS gets the same verdict where it
 * finishes within {@link #DFS_RUNS} runs (busy-wait mutexes take thousands); where it does not, it
 * must at least not report a bug the catalogue does not expect. (DFS under TSO/PSO is compared with
 * MCR outcome by outcome in {@link McrAgainstExhaustiveTest}, on programs small enough for it.)
 */
class CatalogVerdictTest {
    static final long DFS_RUNS = 300;
    static final long MCR_RUNS = 20_000;

    static Stream<Arguments> entries() {
        return Catalog.examples().stream().map(e -> Arguments.of(e.className(), e.memoryModel(), e));
    }

    static Stream<Arguments> scEntries() {
        return entries().filter(a -> a.get()[1].equals("sc"));
    }

    @ParameterizedTest(name = "dfs {0} {1}")
    @MethodSource("scEntries")
    void exhaustiveDfs(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new DfsStrategy(), DFS_RUNS, true);
    }

    @ParameterizedTest(name = "mcr {0} {1}")
    @MethodSource("entries")
    void mcr(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new McrStrategy(SolverKind.ORDER, m, Limits.NONE), MCR_RUNS, false);
    }

    /** @param budgeted whether reaching {@code runs} is acceptable (then only the absence of a false bug is checked) */
    private static void check(Catalog.Entry entry, Function<MemoryModel, Strategy> strategy, long runs, boolean budgeted) throws Exception {
        MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
        ExplorationResult result = RealRuns.explore(entry.className(), model, strategy.apply(model), runs, false).result();
        assertNull(result.error(), entry.className());
        if (budgeted && result.stop() == ExplorationResult.Stop.MAX_EXECUTIONS) {
            assertEquals(ExplorationResult.Verdict.INCOMPLETE, result.verdict(), entry.className() + ": " + result.bugs());
            return;
        }
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
