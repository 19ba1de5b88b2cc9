package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.RandomStrategy;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ground truth for TSO/PSO and JMM: the operational oracle (under JMM the axiomatic {@link
 * dev.weft.litmus.JmmAxioms}) reproduces every published verdict, and DFS over the controlled executor
 * finds exactly the oracle's outcomes (under JMM those that need no load buffering, and it is
 * incomplete exactly where load buffering gives more) (tests with three or more threads,
 * whose unreduced DFS trees are too large for a unit test, are checked with random runs instead:
 * every outcome they reach must be one the oracle allows).
 */
class LitmusTest {

    static Stream<Arguments> everyTestUnderEveryModel() {
        List<Arguments> out = new ArrayList<>();
        for (Litmus l : Litmus.catalog()) {
            for (MemoryModel m : MemoryModel.values()) {
                out.add(Arguments.of(l.name(), m));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("everyTestUnderEveryModel")
    void theOracleMatchesThePublishedVerdict(String name, MemoryModel model) {
        Litmus l = Litmus.named(name);
        Set<String> outcomes = model == MemoryModel.JMM ? l.axiomatic(true) : l.simulate(model);
        assertEquals(l.allowed(model), outcomes.stream().anyMatch(l::isInteresting), outcomes.toString());
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("everyTestUnderEveryModel")
    void theControlledExecutorAgreesWithTheOracle(String name, MemoryModel model) {
        Litmus l = Litmus.named(name);
        Set<String> expected = l.simulate(model);
        if (l.threads().size() <= 2 && model == MemoryModel.JMM) {
            // Every outcome but those only load buffering gives, and "incomplete" exactly where load buffering gives more.
            Runs.Exploration dfs = Runs.explore(l.program(), Runs.config(model));
            assertEquals(expected, Runs.outcomes(dfs.runs()));
            assertEquals(expected.equals(l.axiomatic(true)), dfs.result().complete(), dfs.result().toString());
        } else if (l.threads().size() <= 2) {
            assertEquals(expected, Runs.outcomes(Runs.dfs(l.program(), model)));
        } else {
            List<RunResult> runs = new ArrayList<>();
            ControlledExecutor executor = new ControlledExecutor(l.program(), Runs.config(model));
            new Explorer(policy -> {
                RunResult r = executor.run(policy);
                runs.add(r);
                return r;
            }, new RandomStrategy(7, 300), ExplorationLimits.NONE, null).explore();
            Set<String> reached = Runs.outcomes(runs);
            assertTrue(expected.containsAll(reached), "outside the oracle: " + reached + " vs " + expected);
        }
    }
}
