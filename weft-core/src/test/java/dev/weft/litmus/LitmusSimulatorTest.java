package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.litmus.LitmusTable.LitmusCase;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LitmusSimulatorTest {
    static Stream<LitmusCase> cases() {
        return LitmusTable.CASES.stream();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void simulatorAgreesWithThePublishedVerdicts(LitmusCase litmus) {
        for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)) {
            assertEquals(litmus.allowedUnder(model),
                    LitmusSimulator.allows(litmus.program(), model, litmus.relaxedOutcome()),
                    litmus.name() + " under " + model);
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void eachModelAllowsEverythingTheStricterOneAllows(LitmusCase litmus) {
        Set<Map<String, Integer>> sc = LitmusSimulator.outcomes(litmus.program(), MemoryModel.SC);
        Set<Map<String, Integer>> tso = LitmusSimulator.outcomes(litmus.program(), MemoryModel.TSO);
        Set<Map<String, Integer>> pso = LitmusSimulator.outcomes(litmus.program(), MemoryModel.PSO);
        assertTrue(tso.containsAll(sc), litmus.name());
        assertTrue(pso.containsAll(tso), litmus.name());
    }

    static Stream<JmmLitmusTable.JmmCase> jmmCases() {
        return JmmLitmusTable.cases().stream();
    }

    @ParameterizedTest
    @MethodSource("jmmCases")
    void jmmOracleAgreesWithTheJmmVerdicts(JmmLitmusTable.JmmCase litmus) {
        assertEquals(litmus.allowed(), JmmLitmusTable.allows(litmus, true), litmus.name());
    }

    /**
     * Only LB and MPVolatileX need a cycle of program order, reads-from and the volatile order (LB a read of a later write,
     * MPVolatileX a plain write seen before an earlier volatile write): without it every other verdict stands.
     */
    @ParameterizedTest
    @MethodSource("jmmCases")
    void onlyLoadBufferingAndAnEarlyWriteNeedACycle(JmmLitmusTable.JmmCase litmus) {
        boolean needsCycle = Set.of("LB", "MPVolatileX").contains(litmus.name());
        assertEquals(litmus.allowed() && !needsCycle, JmmLitmusTable.allows(litmus, false), litmus.name());
    }

    @ParameterizedTest
    @MethodSource("cases")
    void theJmmAllowsEveryRelaxedOutcomePsoAllows(LitmusCase litmus) {
        JmmLitmusTable.JmmCase jmm = JmmLitmusTable.cases().stream().filter(c -> c.name().equals(litmus.name())).findFirst().orElseThrow();
        if (LitmusSimulator.allows(litmus.program(), MemoryModel.PSO, litmus.relaxedOutcome())) {
            assertTrue(jmm.allowed(), litmus.name());
        }
    }

    /**
     * The litmus programs that show what the JMM allows beyond PSO: non-multi-copy-atomic writes, load buffering, release
     * writes reordered, a plain write seen before an earlier volatile write.
     */
    @Test
    void theJmmAllowsMoreThanPsoOnExactlyTheseShapes() {
        Set<String> beyondPso = LitmusTable.CASES.stream()
                .filter(c -> !LitmusSimulator.allows(c.program(), MemoryModel.PSO, c.relaxedOutcome()))
                .filter(c -> JmmLitmusTable.cases().stream().anyMatch(j -> j.name().equals(c.name()) && JmmLitmusTable.allows(j, true)))
                .map(LitmusCase::name)
                .collect(Collectors.toSet());
        assertEquals(Set.of("LB", "IRIW", "WRC", "IRIWAcqRel", "TwoPlusTwoWRelease", "MPVolatileX"), beyondPso);
    }

    @Test
    void storeBufferingHasThreeOutcomesUnderScAndFourUnderTso() {
        LitmusCase sb = LitmusTable.CASES.get(0);
        assertEquals("SB", sb.name());
        assertEquals(Set.of(registers(0, 1), registers(1, 0), registers(1, 1)),
                LitmusSimulator.outcomes(sb.program(), MemoryModel.SC));
        assertEquals(Set.of(registers(0, 0), registers(0, 1), registers(1, 0), registers(1, 1)),
                LitmusSimulator.outcomes(sb.program(), MemoryModel.TSO));
    }

    @Test
    void exampleCatalogueAgreesWithTheSimulatorOnEveryLitmusProgram() {
        Map<String, List<Catalog.Entry>> rowsByClass = Catalog.examples().stream()
                .filter(entry -> entry.className().startsWith("examples.litmus."))
                .collect(Collectors.groupingBy(Catalog.Entry::className));
        assertEquals(LitmusTable.CASES.size(), rowsByClass.size(), "litmus programs in the catalogue");
        for (LitmusCase litmus : LitmusTable.CASES) {
            List<Catalog.Entry> rows = rowsByClass.get("examples.litmus." + litmus.name());
            assertEquals(3, rows.size(), litmus.name() + " rows");
            for (Catalog.Entry row : rows) {
                MemoryModel model = MemoryModel.valueOf(row.memoryModel().toUpperCase());
                assertEquals(LitmusSimulator.allows(litmus.program(), model, litmus.relaxedOutcome()),
                        row.expectsBug(), litmus.name() + " under " + model);
            }
        }
    }

    private static Map<String, Integer> registers(int r0, int r1) {
        return Map.of("x", 1, "y", 1, "r0", r0, "r1", r1);
    }
}
