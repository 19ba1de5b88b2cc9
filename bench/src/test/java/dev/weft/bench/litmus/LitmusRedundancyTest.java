package dev.weft.bench.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.Limits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import org.junit.jupiter.api.Test;

class LitmusRedundancyTest {

    @Test
    void storeBufferingUnderTsoHasFourStatesAndMcrMakesOneRunEach() throws Exception {
        LitmusRedundancy.Counts mcr = LitmusRedundancy.explore("examples.litmus.SB", MemoryModel.TSO,
                new McrStrategy(SolverKind.ORDER, MemoryModel.TSO, Limits.NONE));
        assertEquals(new LitmusRedundancy.Counts(4, 4, 4, true), mcr);
    }

    @Test
    void countsDporRunsThatRepeatAState() throws Exception {
        LitmusRedundancy.Counts dpor = LitmusRedundancy.explore("examples.litmus.SBFences", MemoryModel.TSO, new DporStrategy(MemoryModel.TSO));
        assertEquals(3, dpor.outcomes());
        assertEquals(12, dpor.runs());
    }
}
