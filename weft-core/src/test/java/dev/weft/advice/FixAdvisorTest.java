package dev.weft.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Virtual fixes change the verdict as the change would, and the advice's fixes are checked here by explorations of their own. */
public class FixAdvisorTest {

    static String examples() {
        try {
            return Path.of(examples.Catalog.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The checker of an example program: mcr, no limit. */
    public static ProgramChecker checker(String mainClass) {
        return new ProgramChecker(examples(), mainClass, List.of(), VirtualFixes.NONE,
                model -> StrategyKind.MCR.create(StrategyOptions.defaults(model)), RunConfig::of, 0, Deadline.after(null));
    }

    private static VirtualFixes fence(String at) {
        return new VirtualFixes(Set.of(), List.of(VirtualFixes.Fence.parse(at)));
    }

    private static VirtualFixes volatileField(String field) {
        return new VirtualFixes(Set.of(field), List.of());
    }

    @Test
    void theRightVirtualFixRemovesAPsoBugAndAWrongOneLeavesIt() {
        ProgramChecker publication = checker("examples.PublicationPSO");
        assertEquals(ExplorationResult.Verdict.BUG, publication.check(MemoryModel.PSO, VirtualFixes.NONE, false).verdict());
        for (VirtualFixes right : List.of(fence("PublicationPSO.java:18:storeStore"), fence("PublicationPSO.java:18:release"),
                fence("PublicationPSO.java:18"), volatileField("examples.PublicationPSO.complete"))) {
            ExplorationResult fixed = publication.check(MemoryModel.PSO, right, true);
            assertEquals(ExplorationResult.Verdict.OK, fixed.verdict(), right.describe());
            assertTrue(fixed.complete(), right.describe());
        }
        for (VirtualFixes wrong : List.of(fence("PublicationPSO.java:17:storeStore"), fence("PublicationPSO.java:18:acquire"),
                fence("PublicationPSO.java:18:loadLoad"), volatileField("examples.PublicationPSO.x"))) {
            assertEquals(ExplorationResult.Verdict.BUG, publication.check(MemoryModel.PSO, wrong, false).verdict(), wrong.describe());
        }
    }

    @Test
    void storeBufferingNeedsBothWritesVolatileBecauseAVolatileReadDoesNotWaitForBufferedWrites() {
        ProgramChecker sb = checker("examples.StoreBuffering");
        String x = "examples.StoreBuffering$Shared.x";
        String y = "examples.StoreBuffering$Shared.y";
        assertEquals(ExplorationResult.Verdict.BUG, sb.check(MemoryModel.TSO, volatileField(x), false).verdict());
        assertEquals(ExplorationResult.Verdict.OK, sb.check(MemoryModel.TSO, new VirtualFixes(Set.of(x, y), List.of()), false).verdict());
        assertEquals(ExplorationResult.Verdict.OK, sb.check(MemoryModel.TSO,
                new VirtualFixes(Set.of(), List.of(VirtualFixes.Fence.parse("StoreBuffering.java:20"), VirtualFixes.Fence.parse("StoreBuffering.java:24"))),
                false).verdict());
    }

    @Test
    void namesThatAreNotInTheProgramAreRefused() {
        String cp = examples();
        for (VirtualFixes bad : List.of(volatileField("examples.PublicationPSO.nope"), volatileField("examples.Nope.x"),
                volatileField("java.lang.String.hash"), fence("PublicationPSO.java:99"), fence("Nope.java:18"))) {
            BadProgramException refused = assertThrows(BadProgramException.class,
                    () -> InstrumentedProgram.open(cp, "examples.PublicationPSO", List.of(), bad), bad.describe());
            assertTrue(refused.getMessage().startsWith(bad.describe().split(" ")[0]), refused.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> VirtualFixes.Fence.parse("Peterson.java"));
        assertThrows(IllegalArgumentException.class, () -> VirtualFixes.Fence.parse("Peterson.java:x"));
        assertThrows(IllegalArgumentException.class, () -> VirtualFixes.Fence.parse("Peterson.java:3:sideways"));
        assertThrows(IllegalArgumentException.class, () -> VirtualFixes.parseField("flag0"));
    }

    @ParameterizedTest
    @CsvSource({"examples.PetersonBusyWait, TSO", "examples.PetersonBusyWait, PSO", "examples.DekkerBusyWait, TSO",
        "examples.DekkerBusyWait, PSO", "examples.StoreBuffering, TSO", "examples.StoreBuffering, PSO", "examples.PublicationPSO, PSO"})
    void theSuggestedFixesRemoveTheBugAndEachOneIsNeeded(String program, MemoryModel model) {
        ProgramChecker checker = checker(program);
        Advice advice = FixAdvisor.advise(checker.check(model, VirtualFixes.NONE, true), model, checker);
        assertEquals(Advice.Status.FIXED, advice.status(), advice.toString());
        assertFalse(advice.fixes().isEmpty());
        assertFalse(advice.relaxedOnlyBugs().isEmpty());
        // Checked again here rather than trusted: the fixed program has no bug, and without any one fix a bug comes back.
        ExplorationResult fixed = checker.check(model, Fix.virtual(new LinkedHashSet<>(advice.fixes())), true);
        assertEquals(ExplorationResult.Verdict.OK, fixed.verdict());
        assertTrue(fixed.complete());
        assertEquals(advice.fixes().size(), advice.minimality().size());
        for (Fix dropped : advice.fixes()) {
            Set<Fix> others = new LinkedHashSet<>(advice.fixes());
            others.remove(dropped);
            assertEquals(ExplorationResult.Verdict.BUG, checker.check(model, Fix.virtual(others), false).verdict(), dropped.describe());
        }
        advice.minimality().forEach(proof -> assertNotNull(proof.witness(), proof.toString()));
    }

    /** The checker of an example program under the JMM: dfs (mcr does not support the model), no limit. */
    static ProgramChecker dfsChecker(String mainClass) {
        return new ProgramChecker(examples(), mainClass, List.of(), VirtualFixes.NONE,
                model -> StrategyKind.DFS.create(StrategyOptions.defaults(model)), RunConfig::of, 0, Deadline.after(null));
    }

    /**
     * Under the JMM as under TSO/PSO: the fixes remove every relaxed-only bug and each is needed, checked here again. A
     * fixed program that still races may be incomplete for the reorderings Weft's jmm runs leave out, which the advice must then say.
     */
    @ParameterizedTest
    @CsvSource({"examples.litmus.MP", "examples.litmus.SB", "examples.ReadersWritersVolatile", "examples.PublicationPSO"})
    void underTheJmmTheSuggestedFixesRemoveTheBugAndEachOneIsNeeded(String program) {
        ProgramChecker checker = dfsChecker(program);
        Advice advice = FixAdvisor.advise(checker.check(MemoryModel.JMM, VirtualFixes.NONE, true), MemoryModel.JMM, checker);
        assertFalse(advice.relaxedOnlyBugs().isEmpty(), advice.toString());
        assertFalse(advice.fixes().isEmpty(), advice.toString());
        ExplorationResult fixed = checker.check(MemoryModel.JMM, Fix.virtual(new LinkedHashSet<>(advice.fixes())), true);
        assertTrue(fixed.bugs().isEmpty(), fixed.bugs().toString());
        if (fixed.complete()) {
            assertEquals(Advice.Status.FIXED, advice.status(), advice.toString());
        } else {
            assertEquals(Advice.Status.UNPROVED, advice.status(), advice.toString());
            assertTrue(advice.problem().contains("still races"), advice.problem());
        }
        for (Fix dropped : advice.fixes()) {
            Set<Fix> others = new LinkedHashSet<>(advice.fixes());
            others.remove(dropped);
            assertEquals(ExplorationResult.Verdict.BUG, checker.check(MemoryModel.JMM, Fix.virtual(others), false).verdict(), dropped.describe());
        }
    }

    @Test
    void aBugThatScShowsTooIsNotAFenceProblem() {
        ProgramChecker checker = checker("examples.LostUpdate");
        Advice advice = FixAdvisor.advise(checker.check(MemoryModel.PSO, VirtualFixes.NONE, true), MemoryModel.PSO, checker);
        assertEquals(Advice.Status.NOTHING_TO_FIX, advice.status());
        assertEquals(1, advice.scBugs().size());
        assertEquals(List.of(), advice.relaxedOnlyBugs());
        assertEquals(List.of(), advice.fixes());
    }

    @Test
    void theAdviceOnAnIncompleteExplorationSaysSoAndProvesNothing() {
        ProgramChecker limited = new ProgramChecker(examples(), "examples.PetersonBusyWait", List.of(), VirtualFixes.NONE,
                model -> StrategyKind.MCR.create(StrategyOptions.defaults(model)), RunConfig::of, 3, Deadline.after(null));
        Advice advice = FixAdvisor.advise(limited.check(MemoryModel.PSO, VirtualFixes.NONE, true), MemoryModel.PSO, limited);
        assertFalse(advice.incompleteInputs().isEmpty());
        assertTrue(advice.status() != Advice.Status.FIXED, advice.toString());
    }
}
