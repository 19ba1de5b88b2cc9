package dev.weft.explore;

import dev.weft.causal.CausalModel;
import dev.weft.causal.ReadSignature;
import dev.weft.causal.Seed;
import dev.weft.causal.Seeds;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.solver.OrderSolver;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Maximal Causality Reduction (mcr-systematic-testing §3–4, mcr-tso-pso §2 and §4): the first run
 * follows the continuation policy; after each run, the run's causal model yields one seed per read
 * and new value it can be forced to read (and per two-thread lock inversion); each seed is run as
 * a schedule prefix followed by the continuation policy. Exploration ends when no seed is left,
 * which proves every behaviour for this input was covered — unless a solver query hit its limits.
 *
 * <p>Seeds are explored depth first. A seed with the same effect as one already queued is dropped
 * (same operations, same values read, in another order: the same causal model), and every
 * run's {@link ReadSignature} is recorded so that runs repeating an earlier one are counted
 * ({@link #redundantRuns()}): MCR avoids them under SC; under TSO/PSO independent seeds may still
 * permute into one state (mcr-tso-pso §4.6).
 */
public final class McrStrategy implements Strategy {
    private final Supplier<OrderSolver> solvers;
    private final MemoryModel memoryModel;
    private final dev.weft.solver.Limits queryLimits;
    private final long maxEncodingSize;
    private final Deque<Seed> seeds = new ArrayDeque<>();
    private final Set<String> queued = new HashSet<>();
    private final Set<ReadSignature> signatures = new HashSet<>();
    private Seed current;
    private boolean started;
    private boolean incomplete;
    private long redundantRuns;
    private long queries;
    private double solverSeconds;
    private BooleanSupplier timeUp = () -> false;

    /**
     * @param solvers     makes one solver per trace; the strategy closes it
     * @param queryLimits limits of each seed query (a query that hits them makes the result incomplete)
     */
    public McrStrategy(Supplier<OrderSolver> solvers, MemoryModel memoryModel, dev.weft.solver.Limits queryLimits) {
        this(solvers, memoryModel, queryLimits, CausalModel.LARGEST_ENCODING);
    }

    /** @param maxEncodingSize the largest causal model built in full, in order atoms ({@link CausalModel#encodingSize()}); larger ones are built lazily */
    McrStrategy(Supplier<OrderSolver> solvers, MemoryModel memoryModel, dev.weft.solver.Limits queryLimits, long maxEncodingSize) {
        this.solvers = solvers;
        this.memoryModel = memoryModel;
        this.queryLimits = queryLimits;
        this.maxEncodingSize = maxEncodingSize;
    }

    public McrStrategy(SolverKind solver, MemoryModel memoryModel, dev.weft.solver.Limits queryLimits) {
        this(solver::create, memoryModel, queryLimits);
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
        current = seeds.pollLast();
        return current == null ? null : new PrefixPolicy(current.schedule(), ContinuationPolicy.INSTANCE);
    }

    @Override
    public void runFinished(RunResult result) {
        if (result.status() == RunResult.Status.DIVERGED || result.status() == RunResult.Status.UNSUPPORTED) {
            return;
        }
        if (!signatures.add(ReadSignature.of(result.trace()))) {
            redundantRuns++;
        }
        // A run that stopped inside its seed (a bug there) keeps only the forced events it performed.
        BitSet forced = current == null ? new BitSet() : CausalModel.forcedEvents(result.trace(), current.forced());
        CausalModel model = new CausalModel(result.trace(), memoryModel, forced, current == null ? 0 : current.finalReadsFixed());
        if (model.encodingSize() > maxEncodingSize) {
            model.encodeLazily();
        }
        try (OrderSolver solver = solvers.get()) {
            Seeds.Outcome outcome = Seeds.generate(model, solver, queryLimits, timeUp);
            solverSeconds += solver.seconds();
            queries += outcome.queries();
            incomplete |= outcome.unknown() > 0 || outcome.stopped();
            List<Seed> fresh = outcome.seeds();
            // Pushed in reverse so that the first query's seed runs first.
            for (int i = fresh.size() - 1; i >= 0; i--) {
                if (queued.add(fresh.get(i).effect())) {
                    seeds.addLast(fresh.get(i));
                }
            }
        }
    }

    @Override
    public void stopWorkingAt(long nanoTime) {
        timeUp = () -> System.nanoTime() - nanoTime >= 0;
    }

    @Override
    public boolean exhaustive() {
        return !incomplete;
    }

    @Override
    public long pending() {
        return seeds.size();
    }

    @Override
    public double solverSeconds() {
        return solverSeconds;
    }

    /** Runs whose read signature equalled an earlier run's. */
    public long redundantRuns() {
        return redundantRuns;
    }

    /** Seed queries asked so far. */
    public long queries() {
        return queries;
    }
}
