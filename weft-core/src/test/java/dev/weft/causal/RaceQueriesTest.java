package dev.weft.causal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.OrderSolver;
import dev.weft.solver.SolverKind;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Race queries on hand-built traces: which conflicting accesses the causal model lets meet. */
class RaceQueriesTest {
    private static final Address X = TraceBuilder.X;
    private static final Address Y = TraceBuilder.Y;
    private static final Address LOCK = Address.lock(1);

    /** Remembers what was predicted; location pairs in {@code known} are not asked about. */
    private static final class Recorder implements RaceQueries.Listener {
        final Set<List<Integer>> known = new HashSet<>();
        final List<List<Integer>> predicted = new ArrayList<>();
        final List<List<Choice>> witnesses = new ArrayList<>();

        @Override
        public boolean known(Event first, Event second) {
            return known.contains(locations(first, second));
        }

        @Override
        public void predicted(Event first, Event second, List<Choice> witness) {
            predicted.add(List.of(first.index(), second.index()));
            witnesses.add(witness);
            known.add(locations(first, second));
        }

        private static List<Integer> locations(Event first, Event second) {
            return List.of(Math.min(first.location(), second.location()), Math.max(first.location(), second.location()));
        }
    }

    private static RaceQueries.Outcome ask(TraceBuilder b, Supplier<OrderSolver> solvers, int budget, Recorder recorder) {
        return RaceQueries.ask(b.trace(), MemoryModel.SC, solvers, QueryLimits.NONE, budget, recorder);
    }

    private static RaceQueries.Outcome ask(TraceBuilder b, Recorder recorder) {
        return ask(b, SolverKind.ORDER::create, 200, recorder);
    }

    @Test
    void accessesTheRecordedLockOrderSeparatesCanStillMeet() {
        // Thread 1 writes x, then takes the lock; thread 2 takes the lock, then reads x. In the trace the
        // release orders the write before the read; with thread 2's holding first, the two meet.
        TraceBuilder b = new TraceBuilder();
        int write = b.at(1).write(1, X, 1);
        b.lock(1, LOCK);
        b.unlock(1, LOCK);
        b.lock(2, LOCK);
        int read = b.at(2).read(2, X, 1);
        b.unlock(2, LOCK);
        Recorder recorder = new Recorder();
        RaceQueries.Outcome outcome = ask(b, recorder);
        assertEquals(new RaceQueries.Outcome(1, 0, 0), outcome);
        assertEquals(List.of(List.of(write, read)), recorder.predicted);
        // The witness takes thread 2's lock, then runs the two accesses one after the other.
        assertEquals(List.of(Choice.step(2), Choice.step(1), Choice.step(2)), recorder.witnesses.get(0));
    }

    @Test
    void accessesUnderOneLockNeverMeet() {
        TraceBuilder b = new TraceBuilder();
        b.lock(1, LOCK);
        b.at(1).write(1, X, 1);
        b.unlock(1, LOCK);
        b.lock(2, LOCK);
        b.at(2).read(2, X, 1);
        b.unlock(2, LOCK);
        Recorder recorder = new Recorder();
        assertEquals(new RaceQueries.Outcome(1, 0, 0), ask(b, recorder));
        assertEquals(List.of(), recorder.predicted);
    }

    @Test
    void aReadBeforeAnAccessMustKeepItsValue() {
        // Message passing through plain y: the reader saw y = 1, so the writer's x = 1, before y = 1 in
        // program order, comes before the reader's read of x: x's accesses cannot meet, y's can.
        TraceBuilder b = new TraceBuilder();
        b.at(1).write(1, X, 1);
        int flagWrite = b.at(3).write(1, Y, 1);
        int flagRead = b.at(4).read(2, Y, 1);
        b.at(2).read(2, X, 1);
        Recorder recorder = new Recorder();
        assertEquals(new RaceQueries.Outcome(2, 0, 0), ask(b, recorder));
        assertEquals(List.of(List.of(flagWrite, flagRead)), recorder.predicted);
    }

    @Test
    void knownPairsAreNotAskedAndTheBudgetLimitsTheRest() {
        TraceBuilder b = new TraceBuilder();
        b.at(1).write(1, X, 1);
        b.at(2).write(1, Y, 1);
        b.at(3).read(2, X, 1);
        b.at(4).read(2, Y, 1);
        Recorder recorder = new Recorder();
        assertEquals(new RaceQueries.Outcome(1, 0, 1), ask(b, SolverKind.ORDER::create, 1, recorder));
        assertEquals(1, recorder.predicted.size());
        assertEquals(new RaceQueries.Outcome(1, 0, 0), ask(b, SolverKind.ORDER::create, 1, recorder), "the pair found first is known now");
        assertEquals(2, recorder.predicted.size());
        assertEquals(RaceQueries.Outcome.NONE, ask(b, recorder));
    }

    @Test
    void aQueryAtTheSolverLimitIsCountedNotAnswered() {
        TraceBuilder b = new TraceBuilder();
        b.at(1).write(1, X, 1);
        b.at(2).read(2, X, 1);
        Recorder recorder = new Recorder();
        assertEquals(new RaceQueries.Outcome(1, 1, 0), ask(b, GivesUp::new, 200, recorder));
        assertEquals(List.of(), recorder.predicted);
    }

    @Test
    void volatileOrOrderedAccessesAreNoCandidates() {
        TraceBuilder b = new TraceBuilder();
        b.at(1).add(EventKind.VOLATILE_WRITE, 1, X, 1, 0, 0);
        b.at(2).add(EventKind.VOLATILE_READ, 2, X, 1, 0, 0);
        b.at(3).write(1, Y, 1);
        b.at(4).read(1, Y, 1);
        Recorder recorder = new Recorder();
        assertEquals(RaceQueries.Outcome.NONE, ask(b, recorder));
        assertTrue(recorder.predicted.isEmpty());
    }

    /** A solver that always hits its limit. */
    private static final class GivesUp implements OrderSolver {
        @Override
        public void add(Formula constraint) {
        }

        @Override
        public Answer check(List<Formula> assumptions, QueryLimits limits) {
            return Answer.unknown("step limit");
        }

        @Override
        public double seconds() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
