package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.check.OracleComparison.Gap;
import dev.weft.check.OracleComparison.Status;
import dev.weft.check.OracleComparison.WeftSide;
import dev.weft.oracle.OracleReport;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The stress oracle's verdict on made-up explorations: what is a disagreement, a known gap, a stale gap, unchecked. */
class OracleComparisonTest {
    private static final String PROGRAM = "examples.oracle.Example";
    private static final Map<String, OracleReport.Program> PLAIN = Map.of(PROGRAM,
            new OracleReport.Program(PROGRAM, 10, 0, 5, Map.of("{x=1}", 6, "bug assertion at Example.java:9", 4), List.of()));

    private static WeftSide side(Status status, String... outcomes) {
        return new WeftSide(PROGRAM, "mcr", status, Set.of(outcomes), status.name(), 3, 0.1);
    }

    @Test
    void aCompleteExplorationMissingAPlainOutcomeDisagrees() {
        OracleComparison.Result result = OracleComparison.compare(PLAIN, List.of(side(Status.COMPLETE, "{x=1}", "{x=2}")), List.of());
        assertEquals(List.of("bug assertion at Example.java:9"), result.unexpected().stream().map(OracleComparison.Finding::outcome).toList());
        assertTrue(!result.agrees());
    }

    @Test
    void everyPlainOutcomeAmongWeftsAgrees() {
        assertTrue(OracleComparison.compare(PLAIN, List.of(side(Status.COMPLETE, "{x=1}", "bug assertion at Example.java:9", "{x=2}")),
                List.of()).agrees());
    }

    @Test
    void anIncompleteExplorationIsNotJudged() {
        OracleComparison.Result result = OracleComparison.compare(PLAIN, List.of(side(Status.INCOMPLETE, "{x=1}")), List.of());
        assertTrue(result.agrees());
        assertEquals(1, result.unchecked().size());
    }

    @Test
    void aListedGapIsKnownAndAClosedOneIsStale() {
        Gap gap = new Gap(PROGRAM, "mcr", "1", "bug assertion at Example.java:9");
        OracleComparison.Result known = OracleComparison.compare(PLAIN, List.of(side(Status.COMPLETE, "{x=1}")), List.of(gap));
        assertTrue(known.agrees());
        assertEquals(1, known.known().size());
        OracleComparison.Result closed = OracleComparison.compare(PLAIN,
                List.of(side(Status.COMPLETE, "{x=1}", "bug assertion at Example.java:9")), List.of(gap));
        assertEquals(List.of(gap.outcome()), closed.stale().stream().map(OracleComparison.Finding::outcome).toList());
    }

    @Test
    void aListedGapStaysOpenWhileTheExplorationCannotTell() {
        Gap gap = new Gap(PROGRAM, "mcr", "1", "bug assertion at Example.java:9");
        assertTrue(OracleComparison.compare(PLAIN, List.of(side(Status.INCOMPLETE, "{x=1}", "bug assertion at Example.java:9")),
                List.of(gap)).stale().isEmpty());
    }

    @Test
    void failuresAndHangsAreDisagreementsUntilListed() {
        OracleComparison.Result failed = OracleComparison.compare(PLAIN, List.of(side(Status.FAILED)), List.of());
        assertEquals(List.of(OracleComparison.WEFT_FAILS), failed.unexpected().stream().map(OracleComparison.Finding::outcome).toList());
        Gap hang = new Gap(PROGRAM, "mcr", "9", OracleComparison.WEFT_HANGS);
        assertTrue(OracleComparison.compare(PLAIN, List.of(side(Status.HUNG)), List.of(hang)).agrees());
        assertTrue(OracleComparison.compare(PLAIN, List.of(side(Status.NOT_RUN)), List.of(hang)).agrees());
        assertEquals(1, OracleComparison.compare(PLAIN, List.of(side(Status.COMPLETE, "{x=1}", "bug assertion at Example.java:9")),
                List.of(hang)).stale().size());
    }
}
