package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.instrument.JdkClasses;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --instrument-jdk}: with a JDK class's code instrumented, the corruption inside it is found (a lost entry, an
 * exception thrown inside {@code ArrayList.add}, a ConcurrentModificationException), correct use stays complete, and
 * without the option the same programs keep their API-level verdicts. Each bug was also seen on plain JVM threads
 * (StressOracleTest's corpus holds these programs' plain-JVM counterparts, see docs/jdk.md).
 */
class JdkInstrumentationTest {
    private static final long RUNS = 5_000;

    @ParameterizedTest(name = "{0} with {1}: {2}")
    @CsvSource({
            "examples.jdkdeep.HashMapLostEntry, java.util.HashMap, assertion",
            "examples.jdkdeep.HashSetLostAdd, java.util.HashSet, assertion",
            "examples.jdkdeep.LinkedListLostAdd, java.util.LinkedList, assertion",
            "examples.jdkdeep.StringBuilderLostAppend, java.lang.StringBuilder, assertion",
            "examples.jdk.IterationWhileAdding, java.util.ArrayList, exception",
    })
    void theCorruptionInsideIsFound(String program, String jdkClass, String kind) throws Exception {
        for (Strategy strategy : List.of(mcr(), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = explore(program, Set.of(jdkClass), strategy, false);
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), program + " with " + strategy.name());
            FoundBug bug = result.bugs().get(0);
            assertEquals(kind, bug.bug().kind().jsonName(), program + ": " + bug.bug());
            assertTrue(bug.replayed(), program + ": the bug's schedule must replay it");
        }
    }

    @Test
    void concurrentModificationIsThrownInsideTheIterator() throws Exception {
        FoundBug bug = explore("examples.jdk.IterationWhileAdding", Set.of("java.util.ArrayList"), mcr(), false).bugs().get(0);
        assertTrue(bug.bug().message().contains("ConcurrentModificationException"), bug.bug().toString());
    }

    @Test
    void anAddInsideArrayListThrowsAtTheProgramLineThatCalledIn() throws Exception {
        ExplorationResult result = explore("examples.jdkdeep.ArrayListLostAdd", Set.of("java.util.ArrayList"), mcr(), true);
        assertTrue(result.bugs().stream().anyMatch(b -> b.bug().kind().jsonName().equals("assertion")), result.bugs().toString());
        FoundBug thrown = result.bugs().stream().filter(b -> b.bug().kind().jsonName().equals("exception")).findFirst().orElseThrow();
        assertTrue(thrown.bug().message().startsWith("ArrayIndexOutOfBoundsException"), thrown.bug().toString());
        assertEquals("ArrayListLostAdd.java:15", thrown.bug().location().fileAndLine(), thrown.bug().toString());
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({
            "examples.jdkdeep.HashMapLockedPuts, java.util.HashMap",
            "examples.jdk.ArrayListLocked, java.util.ArrayList",
    })
    void correctUseIsCompleteWithoutBug(String program, String jdkClass) throws Exception {
        for (Strategy strategy : List.of(mcr(), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = explore(program, Set.of(jdkClass), strategy, false);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), program + " with " + strategy.name() + ": " + result.incompleteReasons());
            assertTrue(result.complete(), program);
        }
    }

    /** Without the option a call is one step: the lost entry cannot happen, and the two puts race (HashMapRacyPuts in the catalogue). */
    @Test
    void withoutTheOptionCallsStayWhole() throws Exception {
        ExplorationResult result = explore("examples.jdkdeep.HashMapLostEntry", Set.of(), mcr(), false);
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete());
    }

    /** A JDK class's inside seen only in part (an array handed to JDK code that is not instrumented) is never "complete". */
    @Test
    void unseenArrayCopiesMakeTheVerdictIncomplete() throws Exception {
        ExplorationResult result = explore("examples.jdkdeep.StringBuilderAppendsLocked", Set.of("java.lang.StringBuilder"), mcr(), false);
        assertNull(result.error());
        assertEquals(ExplorationResult.Verdict.INCOMPLETE, result.verdict(), result.toString());
        assertTrue(result.incompleteReasons().stream().anyMatch(r -> r.kind().equals("jdk-unseen")), result.incompleteReasons().toString());
    }

    @Test
    void unknownNamesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> JdkClasses.select(List.of("java.util.Nope")));
        assertThrows(IllegalArgumentException.class, () -> JdkClasses.select(List.of("java.util.TreeMap")));
        assertEquals(Set.of("java.util.HashMap"), JdkClasses.select(List.of("java.util.HashMap")));
        assertTrue(JdkClasses.select(List.of("java.util")).containsAll(Set.of("java.util.HashMap", "java.util.ArrayList")));
    }

    /** A second session asked for on the thread that holds one would wait for itself: it is refused at once. */
    @Test
    void nestedSessionsAreRefusedNotDeadlocked() throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), "examples.jdk.ArrayListLocked", List.of());
        Set<String> jdk = Set.of("java.util.ArrayList");
        IllegalStateException nested = assertThrows(IllegalStateException.class,
                () -> program.withJdkInstrumented(jdk, () -> uncheckedInstrument(program, jdk)));
        assertTrue(nested.getMessage().contains("do not nest"), nested.getMessage());
        assertEquals("done", program.withJdkInstrumented(jdk, () -> "done"), "the outer session must have been released");
    }

    private static String uncheckedInstrument(InstrumentedProgram program, Set<String> jdk) {
        try {
            return program.withJdkInstrumented(jdk, () -> "inner");
        } catch (dev.weft.instrument.BadProgramException e) {
            throw new AssertionError(e);
        }
    }

    private static Strategy mcr() {
        return new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE);
    }

    private static ExplorationResult explore(String mainClass, Set<String> jdk, Strategy strategy, boolean allBugs) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), mainClass, List.of());
        // RealRuns instruments the chosen classes for the exploration, as a check does.
        RunConfig config = RunConfig.of(MemoryModel.SC).withInstrumentedJdk(jdk);
        return RealRuns.explore(program, config, strategy, new ExplorationLimits(RUNS, null, allBugs), run -> List.of()).result();
    }
}
