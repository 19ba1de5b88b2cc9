package dev.weft.causal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.solver.Answer;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CausalModelTest {
    private static final Address X = TraceBuilder.X;
    private static final Address Y = TraceBuilder.Y;
    private static final Address LOCK_A = Address.lock(1);
    private static final Address LOCK_B = Address.lock(2);

    private static CausalModel model(Trace trace, MemoryModel memoryModel) {
        return new CausalModel(trace, memoryModel, new BitSet(), 0);
    }

    private static List<Seed> seeds(CausalModel model) {
        try (var solver = SolverKind.Z3.create()) {
            return Seeds.generate(model, solver, QueryLimits.NONE, () -> false).seeds();
        }
    }

    @Test
    void underTsoAWriteBecomesVisibleAfterTheThreadsLaterReadButWritesStayInOrder() {
        TraceBuilder b = new TraceBuilder();
        int wx = b.buffered(0, X, 1);
        int wy = b.buffered(0, Y, 1);
        int r = b.read(0, Address.staticField(2), 0);
        int fx = b.flush(wx);
        int fy = b.flush(wy);
        MustHappenBefore tso = model(b.trace(), MemoryModel.TSO).mustHappenBefore();
        assertTrue(tso.precedes(wx, r), "a thread's own operations stay in program order");
        assertFalse(tso.precedes(fx, r), "write to read of another address is relaxed");
        assertTrue(tso.precedes(fx, fy), "TSO publishes writes in order");
        MustHappenBefore pso = model(b.trace(), MemoryModel.PSO).mustHappenBefore();
        assertFalse(pso.precedes(fx, fy), "PSO publishes writes to different addresses in any order");
    }

    @Test
    void storeStoreFenceOrdersPsoFlushesAndSynchronizationDrainsTheBuffer() {
        TraceBuilder b = new TraceBuilder();
        int wx = b.buffered(0, X, 1);
        b.add(EventKind.FENCE, 0, null, FenceKind.STORE_STORE.ordinal(), 0, 0);
        int wy = b.buffered(0, Y, 1);
        int fx = b.flush(wx);
        int fy = b.flush(wy);
        int lock = b.lock(0, LOCK_A);
        MustHappenBefore pso = model(b.trace(), MemoryModel.PSO).mustHappenBefore();
        assertTrue(pso.precedes(fx, fy));
        assertTrue(pso.precedes(fy, lock));
    }

    @Test
    void reentrantAcquiresFormOneHoldingAndReadLocksShare() {
        TraceBuilder b = new TraceBuilder();
        int outer = b.lock(0, LOCK_A);
        b.lock(0, LOCK_A);
        b.unlock(0, LOCK_A);
        int release = b.unlock(0, LOCK_A);
        b.add(EventKind.LOCK, 1, LOCK_B, 0, 0, Event.SHARED);
        b.add(EventKind.LOCK, 2, LOCK_B, 0, 0, Event.SHARED);
        Map<Address, List<LockPair>> pairs = LockPair.of(b.trace());
        assertEquals(List.of(new LockPair(LOCK_A, 0, outer, release, false)), pairs.get(LOCK_A));
        assertFalse(pairs.get(LOCK_B).get(0).excludes(pairs.get(LOCK_B).get(1)));
        assertEquals(-1, pairs.get(LOCK_B).get(0).release(), "an acquire never released holds to the end");
    }

    @Test
    void storeBufferingUnderScHasOneSeedPerReadAndNewValue() {
        TraceBuilder b = new TraceBuilder();
        b.write(0, X, 1);
        int ry = b.read(0, Y, 0);
        b.write(1, Y, 1);
        int rx = b.read(1, X, 1);
        List<Seed> seeds = seeds(model(b.trace(), MemoryModel.SC));
        List<SeedQuery> queries = seeds.stream().map(Seed::query).toList();
        assertEquals(List.of(new SeedQuery.NewValue(ry, 1), new SeedQuery.NewValue(rx, 0)), queries);
        // Reading x = 0 needs thread 1's read before thread 0's write: thread 1 runs alone.
        assertEquals(List.of(Choice.step(1), Choice.step(1)), seeds.get(1).schedule());
    }

    @Test
    void distinctWritesOfOneValueGiveOneQuery() {
        TraceBuilder b = new TraceBuilder();
        int r = b.read(0, X, 0);
        b.write(1, X, 5);
        b.write(2, X, 5);
        CausalModel model = model(b.trace(), MemoryModel.SC);
        assertEquals(List.of(5L), model.otherValues(r));
        assertEquals(1, seeds(model).stream().filter(s -> s.query().equals(new SeedQuery.NewValue(r, 5))).count());
    }

    /** Each query of {@code model} with the solver's answer, asked as seed generation asks it. */
    private static Map<SeedQuery, Answer.Status> answers(CausalModel model) {
        Map<SeedQuery, Answer.Status> answers = new LinkedHashMap<>();
        try (var solver = SolverKind.ORDER.create()) {
            model.baseConstraints().forEach(solver::add);
            for (SeedQuery query : model.queries()) {
                answers.put(query, model.check(solver, model.assumptions(query), QueryLimits.NONE).status());
            }
        }
        return answers;
    }

    @Test
    void aLazyModelAsksOnlyTheNewValuesThatCanHoldAndAnswersAsTheFullModel() {
        // Two threads, three locked increments each; the first thread's all before the second's.
        TraceBuilder b = new TraceBuilder();
        List<Integer> reads = new ArrayList<>();
        long counter = 0;
        for (int thread = 0; thread < 2; thread++) {
            for (int round = 0; round < 3; round++) {
                b.lock(thread, LOCK_A);
                reads.add(b.read(thread, X, counter));
                b.write(thread, X, ++counter);
                b.unlock(thread, LOCK_A);
            }
        }
        Map<SeedQuery, Answer.Status> full = answers(model(b.trace(), MemoryModel.SC));
        CausalModel lazyModel = model(b.trace(), MemoryModel.SC);
        lazyModel.encodeLazily();
        Map<SeedQuery, Answer.Status> lazy = answers(lazyModel);

        // Only the second thread's first read can change: it may come after 0, 1 or 2 of the first thread's rounds.
        int secondThreadsFirst = reads.get(3);
        assertEquals(Map.of(new SeedQuery.NewValue(secondThreadsFirst, 0), Answer.Status.SAT,
                new SeedQuery.NewValue(secondThreadsFirst, 1), Answer.Status.SAT,
                new SeedQuery.NewValue(secondThreadsFirst, 2), Answer.Status.SAT), lazy);
        full.forEach((query, status) -> assertEquals(lazy.containsKey(query) ? Answer.Status.SAT : Answer.Status.UNSAT, status,
                () -> "the full model's answer to " + query));
    }

    @Test
    void aLazyModelAddsTheLockExclusionAnAnswerBreaks() {
        TraceBuilder b = new TraceBuilder();
        b.lock(0, LOCK_A);
        int first = b.read(0, X, 0);
        b.write(0, X, 1);
        b.unlock(0, LOCK_A);
        b.lock(1, LOCK_A);
        int second = b.read(1, X, 1);
        b.write(1, X, 2);
        b.unlock(1, LOCK_A);
        CausalModel lazy = model(b.trace(), MemoryModel.SC);
        lazy.encodeLazily();
        try (var solver = SolverKind.ORDER.create()) {
            lazy.baseConstraints().forEach(solver::add);
            List<dev.weft.solver.Formula> bothInside = lazy.assumptions(new SeedQuery.Race(first, second));
            assertEquals(Answer.Status.SAT, solver.check(bothInside, QueryLimits.NONE).status(),
                    "the base constraints alone leave out lock exclusion");
            assertEquals(Answer.Status.UNSAT, lazy.check(solver, bothInside, QueryLimits.NONE).status());
        }
    }

    @Test
    void aLostUpdateIsOneSeedAwayAndTheImpossibleValueIsNot() {
        TraceBuilder b = new TraceBuilder();
        int first = b.read(0, X, 0);
        b.write(0, X, 1);
        int second = b.read(1, X, 1);
        b.write(1, X, 2);
        List<SeedQuery> queries = seeds(model(b.trace(), MemoryModel.SC)).stream().map(Seed::query).toList();
        assertTrue(queries.contains(new SeedQuery.NewValue(second, 0)));
        assertFalse(queries.contains(new SeedQuery.NewValue(first, 2)), "reading 2 would need a causal cycle");
    }

    @Test
    void twoReadModifyWritesOfDifferentThreadsCanSwap() {
        TraceBuilder b = new TraceBuilder();
        int first = b.add(EventKind.ATOMIC_RMW, 0, X, 0, 1, Event.WROTE);
        int second = b.add(EventKind.ATOMIC_RMW, 1, X, 1, 2, Event.WROTE);
        List<SeedQuery> queries = seeds(model(b.trace(), MemoryModel.SC)).stream().map(Seed::query).toList();
        assertTrue(queries.contains(new SeedQuery.NewValue(second, 0)), "a read-modify-write's own write comes after its read: " + queries);
        assertFalse(queries.contains(new SeedQuery.NewValue(first, 2)), "reading 2 would need a causal cycle");
    }

    @Test
    void aReadOfItsOwnBufferedWriteNeedsNoFlush() {
        TraceBuilder b = new TraceBuilder();
        int w = b.buffered(0, X, 1);
        b.flush(w);
        int own = b.read(0, X, 1);
        int other = b.read(1, X, 1);
        List<Seed> seeds = seeds(model(b.trace(), MemoryModel.TSO));
        Seed before = seeds.stream().filter(s -> s.query().equals(new SeedQuery.NewValue(other, 0))).findFirst().orElseThrow();
        assertFalse(before.schedule().contains(Choice.flush(0, X)), "thread 0 reads its buffer; x stays 0 for thread 1");
        assertFalse(seeds.stream().anyMatch(s -> s.query().equals(new SeedQuery.NewValue(own, 0))),
                "a thread cannot miss its own write");
    }

    @Test
    void lockOrderInversionIsAQuery() {
        TraceBuilder b = new TraceBuilder();
        b.lock(0, LOCK_A);
        int inner0 = b.lock(0, LOCK_B);
        b.unlock(0, LOCK_B);
        b.unlock(0, LOCK_A);
        b.lock(1, LOCK_B);
        int inner1 = b.lock(1, LOCK_A);
        b.unlock(1, LOCK_A);
        b.unlock(1, LOCK_B);
        List<Seed> seeds = seeds(model(b.trace(), MemoryModel.SC));
        Seed inversion = seeds.stream().filter(s -> s.query() instanceof SeedQuery.LockInversion).findFirst().orElseThrow();
        SeedQuery.LockInversion query = (SeedQuery.LockInversion) inversion.query();
        assertEquals(java.util.Set.of(inner0, inner1), java.util.Set.of(query.first(), query.second()));
        assertEquals(2, inversion.schedule().size(), "each thread takes its first lock and stops");
        assertNotEquals(inversion.schedule().get(0), inversion.schedule().get(1));
    }

    @Test
    void signaturesIgnoreWhenWritesWerePublished() {
        TraceBuilder early = new TraceBuilder();
        int w = early.buffered(0, X, 1);
        early.flush(w);
        early.read(1, Y, 0);
        TraceBuilder late = new TraceBuilder();
        int w2 = late.buffered(0, X, 1);
        late.read(1, Y, 0);
        late.flush(w2);
        assertEquals(ReadSignature.of(early.trace()), ReadSignature.of(late.trace()));
        TraceBuilder other = new TraceBuilder();
        other.buffered(0, X, 1);
        other.read(1, Y, 1);
        assertNotEquals(ReadSignature.of(early.trace()), ReadSignature.of(other.trace()));
    }
}
