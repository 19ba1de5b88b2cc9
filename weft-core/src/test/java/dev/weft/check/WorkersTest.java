package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.causal.ReadSignature;
import dev.weft.explore.ExplorationResult;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One exploration on several workers finds what it finds on one: the same verdict and completeness
 * and the same bugs (all bugs are asked for, so which is first does not matter), and the same set of
 * read states (the values every run's reads returned, {@link ReadSignature}) where the exploration
 * completes: dfs, icb and random make the very same runs, dpor one of every Mazurkiewicz class (a
 * subtree may be explored twice by two shares), and mcr every read state, in whatever order its seeds
 * run (its run count may differ: which seed a run stands for depends on the order; docs/mcr.md). Before
 * MCR asked a query again without the fixed prefix, mcr's read states depended on that order, because
 * it missed states. The default suite checks every other of the catalogue's
 * SC rows, where one worker covers everything within a small budget; {@code -Dweft.workers.all=true}
 * checks every row, and {@code -Dweft.workers.only=TEXT} only the programs whose names contain TEXT.
 */
class WorkersTest {
    /** More workers than the 2 cores CI has: shares are split and run side by side however the machine is. */
    private static final int WORKERS = Integer.getInteger("weft.workers.n", 3);
    private static final long RUNS = 400;
    private static final boolean ALL = Boolean.getBoolean("weft.workers.all");
    private static final String ONLY = System.getProperty("weft.workers.only", "");

    /** Every row with {@code weft.workers.all}; else every other SC row, to keep the suite's time down. */
    static Stream<Arguments> rows() {
        List<Catalog.Entry> entries = Catalog.examples().stream()
                .filter(e -> e.className().contains(ONLY) && (ALL || e.memoryModel().equals("sc"))).toList();
        return IntStream.range(0, entries.size()).filter(i -> ALL || i % 2 == 0)
                .mapToObj(i -> Arguments.of(entries.get(i).className(), entries.get(i).memoryModel()));
    }

    static Stream<Arguments> strategyRows() {
        return Stream.of("examples.LostUpdate", "examples.SlidesExample", "examples.LockedCounter", "examples.crosscheck.WaitNotifyHandoff")
                .flatMap(c -> Stream.of("dfs", "dpor", "icb", "random", "pct", "portfolio").map(s -> Arguments.of(c, s)));
    }

    @ParameterizedTest(name = "mcr {0} {1}")
    @MethodSource("rows")
    void mcrCoversTheSameOnSeveralWorkers(String className, String model) throws Exception {
        ProgramUnderTest program = open(className);
        ReadStates one = explore(program, model, "mcr", 1);
        if (one.result().stop() != ExplorationResult.Stop.EXHAUSTED) {
            return; // beyond the budget: what one worker covered by then depends on where it stopped
        }
        ReadStates several = explore(program, model, "mcr", WORKERS);
        assertSame(one, several, className + " " + model, true);
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("strategyRows")
    void otherStrategiesMakeTheSameRuns(String className, String strategy) throws Exception {
        ProgramUnderTest program = open(className);
        ReadStates one = explore(program, "sc", strategy, 1);
        ReadStates several = explore(program, "sc", strategy, WORKERS);
        if (one.result().stop() != ExplorationResult.Stop.EXHAUSTED && !strategy.equals("random")) {
            // Stopped at the run limit: which runs came first, and so what they found, depends on the order they were made in.
            assertNull(several.result().error(), className + " " + strategy);
            return;
        }
        // Random's runs depend on their numbers alone; the systematic strategies' runs up to a limit on the order they are made in.
        boolean sameStates = strategy.equals("random") || one.result().complete() && Set.of("dfs", "icb", "dpor").contains(strategy);
        assertSame(one, several, className + " " + strategy, sameStates);
        if (Set.of("dfs", "icb", "random").contains(strategy)) {
            assertEquals(one.result().executions(), several.result().executions(), className + " " + strategy);
        }
    }

    /** @param sameStates whether the read states must be the same too */
    private static void assertSame(ReadStates one, ReadStates several, String what, boolean sameStates) {
        assertNull(several.result().error(), what);
        assertEquals(one.result().verdict(), several.result().verdict(), what);
        assertEquals(one.result().complete(), several.result().complete(), what + ": " + several.result().incompleteReasons());
        assertEquals(one.bugs(), several.bugs(), what);
        if (sameStates) {
            assertTrue(one.states().equals(several.states()), what + ": " + one.states().size() + " read states on one worker, "
                    + several.states().size() + " on several, " + missing(one.states(), several.states()) + " missing and "
                    + missing(several.states(), one.states()) + " new");
        }
    }

    private static ProgramUnderTest open(String className) throws Exception {
        return InstrumentedProgram.open(RealRuns.examplesClasspath(), className, List.of());
    }

    private static long missing(Set<ReadSignature> from, Set<ReadSignature> in) {
        return from.stream().filter(state -> !in.contains(state)).count();
    }

    /** Explores a program opened once for both explorations compared (see {@link ReadStates#check}). */
    private static ReadStates explore(ProgramUnderTest program, String model, String strategy, int workers) throws Exception {
        return ReadStates.check(program, request -> request.memoryModel(MemoryModel.valueOf(model.toUpperCase(Locale.ROOT)))
                .strategy(strategy).seed(7).maxExecutions(RUNS).workers(workers));
    }
}
