package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrategyKindTest {

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dfs", "random", "dpor", "icb", "pct"})
    void buildsTheStrategyACommandLineNameStandsFor(String name) {
        Strategy strategy = StrategyKind.byName(name).create(StrategyOptions.defaults(MemoryModel.TSO));
        assertEquals(name, strategy.name());
    }

    @Test
    void rejectsAnUnknownNameListingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StrategyKind.byName("bfs"));
        assertTrue(e.getMessage().contains("'bfs'") && e.getMessage().contains("mcr, dfs, random, dpor, icb, pct"), e.getMessage());
    }

    @Test
    void passesTheOptionsOn() {
        StrategyOptions options = new StrategyOptions(MemoryModel.SC, 5, 0, 1, 3, SolverKind.ORDER, QueryLimits.NONE);
        IcbStrategy icb = (IcbStrategy) StrategyKind.ICB.create(options);
        assertEquals(-1, icb.bugBound());
        assertEquals(3, StrategyKind.PCT.create(options).pending());
        assertEquals(3, StrategyKind.RANDOM.create(options).pending());
    }
}
