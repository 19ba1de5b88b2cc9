package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.litmus.JmmLitmusTable;
import dev.weft.litmus.JmmLitmusTable.JmmCase;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every litmus program of {@code examples.litmus} under {@code -m jmm}, with dfs and dpor as a user gets
 * them ({@link StrategyKind}): the verdict is the axiomatic oracle's ({@link dev.weft.litmus.JmmAxioms}).
 * "Bug" where the oracle allows the relaxed outcome without a read of a later write, "incomplete" where
 * only load buffering gives it (Weft does not explore it and must say so), "no bug" where it is forbidden.
 * DFS may stop at the run limit on the programs of three and four threads: it must then not have found a
 * bug the oracle forbids.
 */
class JmmLitmusTest {
    private static final long RUNS = 2_000;
    /** dpor explores as dfs under jmm (StrategyKind): these show it does so, dfs checks every program. */
    private static final Set<String> DPOR_TOO = Set.of("SB", "MP", "LB", "IRIW", "MPAcqRel", "MPFences", "TwoPlusTwoW");

    static Stream<Arguments> rows() {
        List<Arguments> out = new ArrayList<>();
        for (JmmCase c : JmmLitmusTable.cases()) {
            out.add(Arguments.of(StrategyKind.DFS.cliName(), c));
            if (DPOR_TOO.contains(c.name())) {
                out.add(Arguments.of(StrategyKind.DPOR.cliName(), c));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("rows")
    void verdictIsTheAxiomaticOracles(String strategy, JmmCase litmus) throws Exception {
        ExplorationResult result = RealRuns.explore("examples.litmus." + litmus.name(), MemoryModel.JMM,
                StrategyKind.byName(strategy).create(StrategyOptions.defaults(MemoryModel.JMM)), RUNS, false).result();
        assertNull(result.error(), litmus.name());
        boolean explored = JmmLitmusTable.allows(litmus, false);
        if (result.stop() == ExplorationResult.Stop.MAX_EXECUTIONS) {
            assertTrue(result.bugs().isEmpty() || explored, litmus.name() + ": a bug the oracle does not allow");
            return;
        }
        ExplorationResult.Verdict expected = explored ? ExplorationResult.Verdict.BUG
                : litmus.allowed() ? ExplorationResult.Verdict.INCOMPLETE : ExplorationResult.Verdict.OK;
        assertEquals(expected, result.verdict(), litmus.name() + " under jmm with " + strategy + ": " + result);
    }
}
