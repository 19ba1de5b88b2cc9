package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The litmus programs with VarHandle and atomic access modes, and those with volatile fields, get, from mcr, dpor and dfs under SC,
 * TSO and PSO, the catalogue's verdict, which {@code dev.weft.litmus.LitmusSimulatorTest} ties to the
 * independent litmus simulator: every strategy, complete, says "relaxed outcome allowed" exactly where
 * the simulator does. (CatalogVerdictTest runs mcr on every row, and dfs only under SC.)
 */
class AccessModeLitmusTest {
    private static final Set<String> MODED = Set.of("SBAcqRel", "SBOpaque", "SBVolatileHandle", "SBAtomicRelease", "MPAcqRel",
            "MPOpaque", "MPFences", "MPAtomicLazySet", "MPAtomicPlain", "LBAcqRel", "IRIWAcqRel", "WRCAcqRel", "TwoPlusTwoWRelease",
            "TwoPlusTwoWOpaque", "CoRROpaque", "CoWROpaque",
            "SBVolatile", "SBVolatileY", "SBVolatileX", "SBForwardingVolatile", "MPVolatile", "MPVolatileWritingReader", "MPVolatileData");
    /** Enough for every moded litmus program but IRIW under DFS, which only must not report a false bug within it. */
    private static final long RUNS = 5_000;

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (Catalog.Entry entry : Catalog.examples()) {
            String name = entry.className().substring(entry.className().lastIndexOf('.') + 1);
            if (entry.className().startsWith("examples.litmus.") && MODED.contains(name)) {
                for (String strategy : List.of("mcr", "dpor", "dfs")) {
                    out.add(Arguments.of(strategy, name, entry.memoryModel(), entry));
                }
            }
        }
        return out.stream();
    }

    private static Strategy strategy(String name, MemoryModel model) {
        return switch (name) {
            case "mcr" -> new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE);
            case "dpor" -> new DporStrategy(model);
            default -> new DfsStrategy();
        };
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("rows")
    void verdictIsTheSimulators(String strategy, String name, String model, Catalog.Entry entry) throws Exception {
        MemoryModel memoryModel = MemoryModel.valueOf(model.toUpperCase(Locale.ROOT));
        ExplorationResult result = RealRuns.explore(entry.className(), memoryModel, strategy(strategy, memoryModel), RUNS, false).result();
        assertNull(result.error(), name);
        if (result.stop() == ExplorationResult.Stop.MAX_EXECUTIONS && strategy.equals("dfs")) {
            assertTrue(result.bugs().isEmpty() || entry.expectsBug(), name + ": a bug the simulator does not allow");
            return;
        }
        assertEquals(entry.expectsBug() ? ExplorationResult.Verdict.BUG : ExplorationResult.Verdict.OK, result.verdict(),
                name + " under " + model + " with " + strategy + ": " + result.bugs());
    }
}
