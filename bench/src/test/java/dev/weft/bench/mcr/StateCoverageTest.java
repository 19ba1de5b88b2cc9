package dev.weft.bench.mcr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.trace.MemoryModel;
import org.junit.jupiter.api.Test;

class StateCoverageTest {

    @Test
    void storeBufferingUnderTsoHasFourStatesAndMcrMakesOneRunEach() throws Exception {
        StateCoverage.Row row = StateCoverage.measure("examples.litmus.SB", MemoryModel.TSO);
        assertEquals(4, row.mcr().runs());
        assertEquals(4, row.mcr().states().size());
        assertEquals(0, row.missed());
        assertEquals(0, row.unknownToDpor());
        assertTrue(row.mcr().complete() && row.dpor().complete());
    }

    @Test
    void countsDporRunsThatRepeatAState() throws Exception {
        StateCoverage.Exploration dpor = StateCoverage.explore("examples.litmus.SBFences", MemoryModel.TSO, new DporStrategy(MemoryModel.TSO));
        assertEquals(3, dpor.states().size());
        assertEquals(12, dpor.runs());
    }
}
