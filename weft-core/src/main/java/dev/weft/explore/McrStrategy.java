package dev.weft.explore;

import dev.weft.causal.CausalModel;
import dev.weft.causal.EndProgress;
import dev.weft.causal.ReadSignature;
import dev.weft.causal.Region;
import dev.weft.causal.RegionIndex;
import dev.weft.causal.Seed;
import dev.weft.causal.SeedQuery;
import dev.weft.causal.Seeds;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.solver.OrderSolver;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.Trace;
import dev.weft.trace.IncompleteReason;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Maximal Causality Reduction (mcr-systematic-testing §3–4, mcr-tso-pso §2 and §4): the first run
 * follows the continuation policy; after each run, the run's causal model yields one seed per read
 * and new value it can be forced to read (and per two-thread lock inversion); each seed is run as
 * a schedule prefix followed by the continuation policy. Exploration ends when no seed is left,
 * which proves every behaviour for this input was covered — unless a solver query hit its limits.
 *
 * <p>Seeds are explored depth first. A seed whose region ({@link Region}: the operations it forces
 * and the values their reads return, in any order) equals one already queued is dropped: it leads
 * to the same causal model. Before a new-value seed runs, the explored runs are searched for one
 * that already performed the seed's whole prefix with the same values ({@link RegionIndex}); that
 * run stands for the seed, and the seed's successors are asked of its model. Two seeds of one
 * trace can lead to one state (mcr-tso-pso §4.6; on busy-wait programs often), and this is what
 * keeps the papers' promise that no run repeats an earlier run's read values: every run's
 * {@link ReadSignature} is recorded and repeats are counted ({@link #redundantRuns()}; the tests
 * assert there are none).
 *
 * <p>A run's end (its exit, or the end of its last non-daemon thread) cuts off what the other threads
 * were about to do: the model also asks for the end before each step of a thread it may cut off,
 * and for each step it cut off before it ({@code EndOrder}, beyond the papers).
 *
 * <p>A run that follows a seed for a state (a new value, the end before a step, a cut-off step
 * before the end) to its end must reach the state the seed was solved for; one that does not means
 * the model and the program disagree, and the exploration is then not counted complete
 * ({@link #seedsMissed()}). Nor is it when a seed query hit the solver's limit (neither a new state
 * nor ruled out), when the deadline stopped seed generation for a run, or in the two known gaps of
 * the end's order ({@link #endsCuttingFlushes()}, {@link #abandonedLocksUnordered()}).
 */
public final class McrStrategy implements Strategy {
    /** The explored runs' events kept to stand for later seeds ({@link RegionIndex}): a few hundred megabytes at most. */
    private static final long INDEXED_EVENTS = 2_000_000;
    private final Supplier<OrderSolver> solvers;
    private final MemoryModel memoryModel;
    private final QueryLimits queryLimits;
    private final long maxEncodingSize;
    private final Deque<Seed> seeds = new ArrayDeque<>();
    private final Explored explored;
    private Seed current;
    private boolean started;
    /**
     * The last run's causal model and seeds, made when the next run is asked for: the run an exploration
     * stops at (its first bug, a limit) costs no model, which for a long livelock is gigabytes.
     */
    private Runnable expansionOwed;
    private long seedsStoodFor;
    private long seedsMissed;
    private long endsCuttingFlushes;
    private long abandonedLocksUnordered;
    private long queries;
    private long unknownQueries;
    private long generationsStopped;
    private double solverSeconds;
    private Deadline deadline = Deadline.after(null);

    /**
     * @param solvers     makes one solver per trace; the strategy closes it
     * @param queryLimits limits of each seed query (a query that hits them makes the exploration incomplete)
     */
    public McrStrategy(Supplier<OrderSolver> solvers, MemoryModel memoryModel, QueryLimits queryLimits) {
        this(solvers, memoryModel, queryLimits, CausalModel.LARGEST_ENCODING);
    }

    /** @param maxEncodingSize the largest causal model built in full, in order atoms ({@link CausalModel#encodingSize()}); larger ones are built lazily */
    McrStrategy(Supplier<OrderSolver> solvers, MemoryModel memoryModel, QueryLimits queryLimits, long maxEncodingSize) {
        if (memoryModel == MemoryModel.JMM) {
            throw new IllegalArgumentException("mcr does not support the jmm memory model (docs/mcr.md)");
        }
        this.solvers = solvers;
        this.memoryModel = memoryModel;
        this.queryLimits = queryLimits;
        this.maxEncodingSize = maxEncodingSize;
        this.explored = new Explored();
    }

    /** A share of {@code sharing}'s work: {@code seeds}, and what every share has explored. */
    private McrStrategy(McrStrategy sharing, List<Seed> seeds) {
        this.solvers = sharing.solvers;
        this.memoryModel = sharing.memoryModel;
        this.queryLimits = sharing.queryLimits;
        this.maxEncodingSize = sharing.maxEncodingSize;
        this.explored = sharing.explored;
        this.seeds.addAll(seeds);
        this.started = true;
    }

    /**
     * What all shares of one exploration know together (mcr on several workers): the regions of the seeds ever queued,
     * the read signatures of the runs made, and the runs that may stand for a seed. Seeds are queued per share.
     */
    private static final class Explored {
        final Set<Region> queued = ConcurrentHashMap.newKeySet();
        /** Each read signature of the runs made, to whether a run of a seed that left its trace's prefix showed it. */
        final Map<ReadSignature, Boolean> signatures = new ConcurrentHashMap<>();
        /** Guarded by itself. */
        final RegionIndex reached = new RegionIndex(INDEXED_EVENTS);
        final AtomicLong redundantRuns = new AtomicLong();
        /** The repeats of {@link #redundantRuns} where a seed that left its trace's prefix made one of the two runs. */
        final AtomicLong repeatsOfLeftPrefixes = new AtomicLong();

        RegionIndex.Match standIn(Seed seed) {
            synchronized (reached) {
                return reached.find(seed.prefix(), seed.region());
            }
        }

        void reached(Trace trace) {
            synchronized (reached) {
                reached.add(trace);
            }
        }
    }

    /**
     * The older half of this share's seeds (those of the shallowest traces, with the most below them) for another
     * worker; null with fewer than two seeds. Two shares may run seeds for one read state at the same time, before
     * either run is known to the other: such repeats are counted in {@link #redundantRuns()}.
     */
    @Override
    public Strategy split() {
        if (seeds.size() < 2) {
            return null;
        }
        List<Seed> older = new ArrayList<>();
        for (int n = seeds.size() / 2; n > 0; n--) {
            older.add(seeds.pollFirst());
        }
        return new McrStrategy(this, older);
    }

    public McrStrategy(SolverKind solver, MemoryModel memoryModel, QueryLimits queryLimits) {
        this(solver::create, memoryModel, queryLimits, largestFullModel(solver));
    }

    /**
     * The largest causal model, in order atoms, that MCR builds in full for {@code solver}. With Z3
     * every model is built lazily: Z3 answers the lazily built model of a 1,000-event trace about a
     * hundred times faster than the full one (docs/performance.md), while the order solver is fast
     * on both and keeps the full model, which needs no refinement rounds.
     */
    public static long largestFullModel(SolverKind solver) {
        return solver == SolverKind.Z3 ? -1 : CausalModel.LARGEST_ENCODING;
    }

    @Override
    public String name() {
        return "mcr";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (!started) {
            started = true;
            return ContinuationPolicy.INSTANCE;
        }
        expandOwed();
        while ((current = seeds.pollLast()) != null) {
            SchedulePolicy run = runFor(current);
            if (run != null) {
                return run;
            }
        }
        return null;
    }

    /**
     * For an exploration whose seeds wait elsewhere (weft-cluster's, shared by several JVMs): the run for {@code seed}
     * (null: the first run), or null when an explored run stands for it and was expanded instead. Report the run's result
     * with {@link #runFinished}, then take the seeds it led to with {@link #takeSeeds()}.
     */
    public SchedulePolicy runFor(Seed seed) {
        started = true;
        current = seed;
        if (seed == null) {
            return ContinuationPolicy.INSTANCE;
        }
        // A lock inversion or a lost notify is a state of order, not of values, outcomes and progress: only its own run
        // shows it; nor does a run stand for a seed that orders the run's end.
        RegionIndex.Match standIn = asksForValues(seed) ? explored.standIn(seed) : null;
        if (standIn == null) {
            return new PrefixPolicy(seed.schedule(), ContinuationPolicy.INSTANCE);
        }
        seedsStoodFor++;
        expand(standIn.trace(), standIn.fixed(), standIn.fixedFinalReads(), seed.region().endProgress(), seed.leavesPrefix());
        return null;
    }

    /** The seeds queued here, the last run's among them (its model is made now), taken out: weft-cluster queues them for every JVM. */
    public List<Seed> takeSeeds() {
        expandOwed();
        List<Seed> taken = new ArrayList<>(seeds);
        seeds.clear();
        return taken;
    }

    private void expandOwed() {
        if (expansionOwed != null) {
            Runnable expansion = expansionOwed;
            expansionOwed = null;
            expansion.run();
        }
    }

    @Override
    public void runFinished(RunResult result) {
        if (result.status() == RunResult.Status.DIVERGED || result.status() == RunResult.Status.UNSUPPORTED) {
            return;
        }
        boolean leftPrefix = current != null && current.leavesPrefix();
        Boolean earlierLeftPrefix = explored.signatures.putIfAbsent(ReadSignature.of(result.trace()), leftPrefix);
        if (earlierLeftPrefix != null) {
            explored.redundantRuns.incrementAndGet();
            if (leftPrefix || earlierLeftPrefix) {
                explored.repeatsOfLeftPrefixes.incrementAndGet();
            }
        }
        if (current != null && asksForAState(current.query()) && ranToItsEnd(result) && !RegionIndex.lies(result.trace(), current.region())) {
            // The run did not reach the state its seed was solved for (the model and the run disagree, or the loop bound cut
            // the run first): no coverage proof.
            seedsMissed++;
        }
        if (memoryModel == MemoryModel.PSO && endCutsOffAFlush(result.trace())) {
            // Known gap (docs/mcr.md): under PSO the end is not ordered against every combination of a thread's
            // cut-off flushes (ExitCutsWriter misses states DPOR reaches), so no coverage proof.
            endsCuttingFlushes++;
        }
        explored.reached(result.trace());
        // A run that stopped inside its seed (a bug there) keeps only the forced events it performed.
        BitSet forced = current == null ? new BitSet() : CausalModel.forcedEvents(result.trace(), current.forced());
        int finalReadsFixed = current == null ? 0 : current.finalReadsFixed();
        EndProgress progress = current == null ? EndProgress.NONE : current.region().endProgress();
        boolean belowALeftPrefix = current != null && current.leavesPrefix();
        expansionOwed = () -> expand(result.trace(), forced, finalReadsFixed, progress, belowALeftPrefix);
    }

    /** Whether the run's end cut off a buffered write's flush. */
    private static boolean endCutsOffAFlush(Trace trace) {
        return trace.ending() != null && trace.ending().cutOff().stream().anyMatch(cutOff -> cutOff.choice().isFlush());
    }

    /** A seed for a state of values, outcomes and thread progress (not one of order only, as a lock inversion or a lost notify is). */
    private static boolean asksForAState(SeedQuery query) {
        return query instanceof SeedQuery.NewValue || query instanceof SeedQuery.NewOutcome || query instanceof SeedQuery.EndBefore
                || query instanceof SeedQuery.StepBeforeEnd;
    }

    /** Not stopped by a deadlock or the step bound: the run performed everything its seed asked for before it ended (or the loop bound cut it). */
    private static boolean ranToItsEnd(RunResult result) {
        return result.status() == RunResult.Status.COMPLETED || result.status() == RunResult.Status.CUT || result.trace().ending() != null;
    }

    /** Whether the seed asks for a state of values, read or returned by a blocking call, for which an explored run may stand. */
    private static boolean asksForValues(Seed seed) {
        return seed.query() instanceof SeedQuery.NewValue || seed.query() instanceof SeedQuery.NewOutcome;
    }

    /**
     * Queues the seeds of a trace's causal model with {@code forced} fixed.
     *
     * @param belowALeftPrefix whether the run expanded (or the seed it stands for) is below a seed that left its trace's prefix
     */
    private void expand(Trace trace, BitSet forced, int finalReadsFixed, EndProgress progress, boolean belowALeftPrefix) {
        CausalModel model = new CausalModel(trace, memoryModel, forced, finalReadsFixed, progress);
        if (model.abandonsALockAcquiredByAWake()) {
            // Known gap (docs/mcr.md): the order of a wait's re-acquire against a lock a thread ended with is not asked for.
            abandonedLocksUnordered++;
        }
        if (model.encodingSize() > maxEncodingSize) {
            model.encodeLazily();
        }
        try (OrderSolver solver = solvers.get()) {
            Seeds.Outcome outcome = Seeds.generate(model, solver, deadline.bound(queryLimits), deadline);
            solverSeconds += solver.seconds();
            queries += outcome.queries();
            unknownQueries += outcome.unknown();
            generationsStopped += outcome.stopped() ? 1 : 0;
            List<Seed> fresh = outcome.seeds();
            // Pushed in reverse so that the first query's seed runs first.
            for (int i = fresh.size() - 1; i >= 0; i--) {
                if (explored.queued.add(fresh.get(i).region())) {
                    seeds.addLast(belowALeftPrefix ? fresh.get(i).belowALeftPrefix() : fresh.get(i));
                }
            }
        }
    }

    @Override
    public void stopWorkingAt(Deadline deadline) {
        this.deadline = deadline;
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        List<IncompleteReason> reasons = new ArrayList<>();
        if (unknownQueries > 0) {
            reasons.add(new IncompleteReason("solver-limit", "a seed query hit the solver's limit, so a state may be unexplored",
                    unknownQueries));
        }
        if (seedsMissed > 0) {
            reasons.add(new IncompleteReason("seed-missed",
                    "a run did not reach the state its seed was solved for (Weft's model of the program and the run disagree)",
                    seedsMissed));
        }
        if (generationsStopped > 0) {
            reasons.add(new IncompleteReason("solving-stopped",
                    "seed generation for a run was stopped (time limit or cancel) before it had found every seed", generationsStopped));
        }
        if (endsCuttingFlushes > 0) {
            reasons.add(new IncompleteReason("end-cuts-flushes",
                    "under PSO a run's end cut off buffered writes, whose order against the end MCR does not fully explore",
                    endsCuttingFlushes));
        }
        if (abandonedLocksUnordered > 0) {
            reasons.add(new IncompleteReason("abandoned-lock-unordered",
                    "a thread ended holding a lock a wait had re-acquired, whose order against other acquires MCR does not ask for",
                    abandonedLocksUnordered));
        }
        return reasons;
    }

    @Override
    public long pending() {
        return seeds.size();
    }

    @Override
    public double solverSeconds() {
        return solverSeconds;
    }

    /** Runs whose read signature equalled an earlier run's, of every share of this exploration. */
    public long redundantRuns() {
        return explored.redundantRuns.get();
    }

    /**
     * The repeats among {@link #redundantRuns()} that a seed asked without its trace's fixed prefix made (or first reached):
     * the price of the states only such seeds reach (CausalModel's class comment). The others break the papers' promise.
     */
    public long repeatsOfLeftPrefixes() {
        return explored.repeatsOfLeftPrefixes.get();
    }

        @Override
    public long repeatedRuns() {
        return redundantRuns();
    }

    /** Seeds not run because an explored run already lay in their region and stood for them ({@link RegionIndex}). */
    public long seedsStoodFor() {
        return seedsStoodFor;
    }

    /**
     * Runs that followed a new-value seed to its end without reaching the state the seed was solved
     * for (a defect of Weft's model of the program: the exploration is then not counted complete).
     */
    public long seedsMissed() {
        return seedsMissed;
    }

    /**
     * Traces in which a thread ended holding a lock that a wait's re-acquire took or waited for, an
     * order MCR does not ask for: each makes the exploration incomplete.
     */
    public long abandonedLocksUnordered() {
        return abandonedLocksUnordered;
    }

    /** Runs under PSO whose end cut off a buffered write's flush, whose order against the end MCR does not fully explore: each makes the exploration incomplete. */
    public long endsCuttingFlushes() {
        return endsCuttingFlushes;
    }

    /** Seed queries asked so far. */
    public long queries() {
        return queries;
    }
}
