package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.race.Race;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalogued example, under its memory model, gets the catalogued verdict (bug kind included)
 * from MCR, with a complete "no bug" verdict. Under SC, exhaustive DFS (and DPOR, on the JDK programs)
 * get the same verdict where they finish within {@link #DFS_RUNS} and {@link #DPOR_RUNS} runs (busy-wait
 * mutexes take DFS thousands); where they do not, they must at least not report a bug the catalogue
 * does not expect.
 * (DFS under TSO/PSO is compared with MCR outcome by outcome in {@link McrAgainstExhaustiveTest}, on
 * programs small enough for it.) Where a row names its data races, MCR with race prediction over
 * every run finds exactly those.
 */
class CatalogVerdictTest {
    static final long DFS_RUNS = 300;
    static final long DPOR_RUNS = 2_000;
    static final long MCR_RUNS = 20_000;

    /** {@code -Dweft.catalog.only=Pool,Stream}: only the rows whose class name contains one of these (all when unset). */
    private static final List<String> ONLY = List.of(System.getProperty("weft.catalog.only", "").split(","));

    static Stream<Arguments> entries() {
        return Catalog.examples().stream().filter(e -> ONLY.stream().anyMatch(e.className()::contains))
                .map(e -> Arguments.of(e.className(), e.memoryModel(), e));
    }

    static Stream<Arguments> scEntries() {
        return entries().filter(a -> a.get()[1].equals("sc"));
    }

    @ParameterizedTest(name = "dfs {0} {1}")
    @MethodSource("scEntries")
    void exhaustiveDfs(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new DfsStrategy(), DFS_RUNS, true);
    }

    /**
     * The JDK programs (issue 17) and the java.util.concurrent ones (issue 18) under SC; the other rows' DPOR verdicts are the
     * strategy table's (docs/benchmarks.md).
     */
    static Stream<Arguments> scJdkEntries() {
        return scEntries().filter(a -> ((String) a.get()[0]).startsWith("examples.jdk.") || ((String) a.get()[0]).startsWith("examples.juc."));
    }

    @ParameterizedTest(name = "dpor {0} {1}")
    @MethodSource("scJdkEntries")
    void dpor(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, DporStrategy::new, DPOR_RUNS, true);
    }

    @ParameterizedTest(name = "mcr {0} {1}")
    @MethodSource("entries")
    void mcr(String className, String model, Catalog.Entry entry) throws Exception {
        check(entry, m -> new McrStrategy(SolverKind.ORDER, m, QueryLimits.NONE), MCR_RUNS, false);
    }

    static Stream<Arguments> entriesNamingRaces() {
        return entries().filter(a -> ((Catalog.Entry) a.get()[2]).has("races"));
    }

    /**
     * The row's {@code races} column: the racy pairs as reports name their two operations ("read",
     * "write", a JDK call such as "Map.get"), each pair's names in alphabetical order joined by "/",
     * pairs separated by ";"; "-" for none.
     */
    @ParameterizedTest(name = "races {0} {1}", allowZeroInvocations = true) // none, when weft.catalog.only picks no row naming races
    @MethodSource("entriesNamingRaces")
    void races(String className, String model, Catalog.Entry entry) throws Exception {
        DataRaceTest.Explored explored = DataRaceTest.explore(className, MemoryModel.valueOf(model.toUpperCase(Locale.ROOT)));
        assertTrue(explored.result().complete(), className);
        Set<String> found = new TreeSet<>();
        for (Race race : explored.races().races()) {
            List<String> operations = new ArrayList<>(List.of(race.first().operation(), race.second().operation()));
            Collections.sort(operations);
            found.add(String.join("/", operations));
        }
        String expected = entry.column("races");
        assertEquals(expected.equals("-") ? Set.of() : new TreeSet<>(List.of(expected.split(";"))), found,
                className + " under " + model + ": " + explored.describe());
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
