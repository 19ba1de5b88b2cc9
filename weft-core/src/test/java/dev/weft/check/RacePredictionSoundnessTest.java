package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.race.Race;
import dev.weft.race.RacePrediction;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Predicted races against the races exhaustive exploration (DFS under SC, DPOR under TSO/PSO)
 * observes by happens-before in every run: a prediction is never a race no run has, and MCR with
 * prediction finds every racy location pair exhaustive exploration does.
 */
class RacePredictionSoundnessTest {
    private static final long RUN_LIMIT = 20_000;

    @ParameterizedTest
    @CsvSource({
        "examples.LostUpdate, SC",
        "examples.HiddenRace, SC",
        "examples.SilentRace, SC",
        "examples.LockedCounter, SC",
        "examples.StartJoinHandoff, SC",
        "examples.CheckThenActNull, SC",
        "examples.DoubleCheckedLocking, SC",
        "examples.litmus.MPVolatile, SC",
        "examples.litmus.MP, SC",
        "examples.crosscheck.JoinChain, SC",
        "examples.crosscheck.RacyIncrements, SC",
        "examples.crosscheck.WaitNotifyHandoff, SC",
        "examples.crosscheck.ArrayNeighbours, SC",
        "examples.crosscheck.MonitorOrder, SC",
        "examples.HiddenRace, PSO",
        "examples.LostUpdate, TSO",
        "examples.crosscheck.JoinChain, PSO",
        "examples.crosscheck.RacyIncrements, PSO",
        "examples.crosscheck.WaitNotifyHandoff, TSO",
        "examples.litmus.MP, PSO",
        "examples.litmus.MPVolatile, PSO",
        "examples.litmus.SB, TSO",
    })
    void predictedRacesAreRacesExhaustiveExplorationObserves(String mainClass, MemoryModel model) throws Exception {
        // DFS under SC; under TSO/PSO its runs multiply with every flush choice, and DPOR covers the same behaviours.
        Strategy exhaustive = model == MemoryModel.SC ? new DfsStrategy() : new DporStrategy(model);
        DataRaceTest.Explored all = DataRaceTest.explore(mainClass, model, exhaustive, RUN_LIMIT, 0);
        assertTrue(all.result().complete(), mainClass + ": exhaustive exploration did not finish");
        Set<String> observed = locationPairs(all);

        DataRaceTest.Explored firstRunOnly = DataRaceTest.explore(mainClass, model, mcr(model), 1, RacePrediction.DEFAULT_QUERIES_PER_TRACE);
        Set<String> predictedFromOneRun = locationPairs(firstRunOnly);
        assertTrue(observed.containsAll(predictedFromOneRun), mainClass + ": predicted " + predictedFromOneRun + ", DFS observed " + observed);

        DataRaceTest.Explored mcr = DataRaceTest.explore(mainClass, model, mcr(model), RUN_LIMIT, RacePrediction.DEFAULT_QUERIES_PER_TRACE);
        assertTrue(mcr.result().complete(), mainClass);
        assertEquals(observed, locationPairs(mcr), mainClass + " under " + model);
    }

    private static McrStrategy mcr(MemoryModel model) {
        return new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE);
    }

    private static Set<String> locationPairs(DataRaceTest.Explored explored) {
        Set<String> pairs = new TreeSet<>();
        for (Race race : explored.races().races()) {
            pairs.add(race.first().location().fileAndLine() + " / " + race.second().location().fileAndLine());
        }
        return pairs;
    }
}
