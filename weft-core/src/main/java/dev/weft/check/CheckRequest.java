package dev.weft.check;

import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.race.RacePrediction;
import dev.weft.report.ProgramSpec;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.VirtualFixes;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What to check and how: the program, the memory model, the strategy and its limits, what to do
 * with races, where progress goes. Made with {@link #forMainClass} and its {@link Builder}, checked
 * by {@link Checker}. {@link Builder#build()} rejects settings that contradict each other with an
 * {@link IllegalArgumentException}, before anything runs.
 *
 * @param program         the program as a schedule file names it (classpath, main class, arguments)
 * @param opener          opens it for controlled runs (instrumented, with a fresh class loader per run)
 * @param runConfig       how each run is made: memory model, loop bound, spurious wake-ups
 * @param strategy        a strategy name as {@code --strategy} takes it
 * @param solver          the solver mcr and race prediction ask
 * @param seed            for random and pct
 * @param preemptionBound icb's largest bound
 * @param depth           pct's bug depth
 * @param maxExecutions   runs at most (0: no limit of the user's)
 * @param timeLimit       for the whole check, opening the program included (null: none)
 * @param allBugs         keep exploring after the first bug
 * @param races           whether data races are looked for at all (off, a run costs a little less: benchmarks)
 * @param raceQueries     solver queries per run that predict races (mcr only; null: the default)
 * @param failOnRace      every data race is a bug
 * @param progress        where progress lines go, or null for none
 * @param progressInPlace rewrite one progress line (a terminal) rather than print a line each time
 * @param runObserver     told every run's result (explored runs, replays and witness runs alike), from every worker's
 *                        thread, or null
 * @param suggestFixes    after exploring under TSO, PSO or JMM, find and prove the fewest fixes for the relaxed-only bugs
 *                        ({@code dev.weft.advice}); implies all bugs
 * @param workers         threads that explore at the same time, each running a share of the strategy's work (default: the
 *                        machine's cores); a check that instruments JDK classes runs on one
 */
public record CheckRequest(ProgramSpec program, Opener opener, RunConfig runConfig, String strategy, SolverKind solver, long seed,
                           int preemptionBound, int depth, long maxExecutions, Duration timeLimit, boolean allBugs, boolean races,
                           Integer raceQueries, boolean failOnRace, PrintWriter progress, boolean progressInPlace,
                           Consumer<RunResult> runObserver, boolean suggestFixes, int workers) {

    /** Opens the program for a check. */
    @FunctionalInterface
    public interface Opener {
        ProgramUnderTest open() throws BadProgramException;
    }

    /** A check of {@code mainClass}'s {@code main}; give its classpath with {@link Builder#classpath}. */
    public static Builder forMainClass(String mainClass) {
        return new Builder(Objects.requireNonNull(mainClass, "mainClass"));
    }

    /** A check of a program opened otherwise than by a main class (a test method): {@code program} names it, and the changes it was opened with, in schedule files and reports. */
    public static Builder forProgram(ProgramSpec program, Opener opener) {
        Builder builder = new Builder(program.mainClass());
        builder.classpath = program.classpath();
        builder.args = program.args();
        builder.fixes = program.fixes();
        builder.opener = Objects.requireNonNull(opener, "opener");
        return builder;
    }

    public MemoryModel memoryModel() {
        return runConfig.memoryModel();
    }

    StrategyKind strategyKind() {
        return StrategyKind.byName(strategy);
    }

    /** A fresh strategy (strategies keep state: one per check). */
    Strategy newStrategy() {
        return newStrategy(memoryModel());
    }

    /** A fresh strategy for {@code model} (the fix advisor also explores under SC). */
    Strategy newStrategy(MemoryModel model) {
        long runs = maxExecutions > 0 ? maxExecutions : StrategyOptions.DEFAULT_RUNS;
        return strategyKind().create(new StrategyOptions(model, seed, preemptionBound, depth, runs, solver,
                StrategyOptions.DEFAULT_QUERY_LIMITS));
    }

    ExplorationLimits limits() {
        return new ExplorationLimits(maxExecutions, timeLimit, allBugs || suggestFixes);
    }

    /** How races are predicted: only with a strategy that has a causal model; null when not at all. */
    RacePrediction racePrediction() {
        int perTrace = raceQueries != null ? raceQueries : RacePrediction.DEFAULT_QUERIES_PER_TRACE;
        return strategyKind().hasCausalModel() && perTrace > 0
                ? new RacePrediction(memoryModel(), solver, StrategyOptions.DEFAULT_QUERY_LIMITS, perTrace) : null;
    }

    /** Builds a {@link CheckRequest}; every setting has a default (sc, mcr, no limit, stop at the first bug). */
    public static final class Builder {
        private final String mainClass;
        private List<String> classpath = List.of(".");
        private List<String> args = List.of();
        private Opener opener;
        private RunConfig runConfig = RunConfig.of(MemoryModel.SC);
        private String strategy = StrategyKind.MCR.cliName();
        private SolverKind solver = SolverKind.ORDER;
        private long seed;
        private int preemptionBound = StrategyOptions.DEFAULT_PREEMPTION_BOUND;
        private int depth = StrategyOptions.DEFAULT_DEPTH;
        private long maxExecutions;
        private Duration timeLimit;
        private boolean allBugs;
        private boolean races = true;
        private Integer raceQueries;
        private boolean failOnRace;
        private PrintWriter progress;
        private boolean progressInPlace;
        private Consumer<RunResult> runObserver;
        private VirtualFixes fixes = VirtualFixes.NONE;
        private boolean suggestFixes;
        private int workers = 1;

        private Builder(String mainClass) {
            this.mainClass = mainClass;
        }

        /** The program's classes: directories and jars (default: the current directory). */
        public Builder classpath(List<String> entries) {
            this.classpath = List.copyOf(entries);
            return this;
        }

        public Builder args(List<String> args) {
            this.args = List.copyOf(args);
            return this;
        }

        public Builder memoryModel(MemoryModel model) {
            this.runConfig = runConfig.withMemoryModel(model);
            return this;
        }

        /** How each run is made, memory model included (its stop is replaced by the check's deadline). */
        public Builder runConfig(RunConfig config) {
            this.runConfig = Objects.requireNonNull(config, "config");
            return this;
        }

        /** {@code mcr} (default), {@code portfolio}, {@code dpor}, {@code dfs}, {@code icb}, {@code pct} or {@code random}. */
        public Builder strategy(String name) {
            this.strategy = Objects.requireNonNull(name, "name");
            return this;
        }

        public Builder solver(SolverKind kind) {
            this.solver = Objects.requireNonNull(kind, "kind");
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder preemptionBound(int bound) {
            this.preemptionBound = bound;
            return this;
        }

        public Builder depth(int depth) {
            this.depth = depth;
            return this;
        }

        /** Runs at most this many (0: no limit). */
        public Builder maxExecutions(long runs) {
            this.maxExecutions = runs;
            return this;
        }

        /** Stop the whole check after this long (null: no limit). */
        public Builder timeLimit(Duration limit) {
            this.timeLimit = limit;
            return this;
        }

        public Builder allBugs(boolean all) {
            this.allBugs = all;
            return this;
        }

        /** Whether to look for data races at all (default true). */
        public Builder races(boolean look) {
            this.races = look;
            return this;
        }

        /** Solver queries per run that predict races (mcr only; 0: races only as the runs show them). */
        public Builder raceQueries(Integer perRun) {
            this.raceQueries = perRun;
            return this;
        }

        public Builder failOnRace(boolean fail) {
            this.failOnRace = fail;
            return this;
        }

        /** Progress lines on {@code out}, rewritten in place when {@code inPlace} (a terminal). */
        public Builder progress(PrintWriter out, boolean inPlace) {
            this.progress = out;
            this.progressInPlace = inPlace;
            return this;
        }

        public Builder observeRuns(Consumer<RunResult> observer) {
            this.runObserver = observer;
            return this;
        }

        /** Check the program as if changed so ({@code --assume-volatile}, {@code --fence}); no effect on a program opened otherwise. */
        public Builder virtualFixes(VirtualFixes fixes) {
            this.fixes = Objects.requireNonNull(fixes, "fixes");
            return this;
        }

        /** After exploring under TSO, PSO or JMM, suggest and prove the fewest fixes for the bugs only the relaxed model shows. */
        public Builder suggestFixes(boolean suggest) {
            this.suggestFixes = suggest;
            return this;
        }

        /** Threads that explore at the same time (default: the machine's cores). */
        public Builder workers(int threads) {
            this.workers = threads;
            return this;
        }

        public CheckRequest build() {
            StrategyKind kind = StrategyKind.byName(strategy);
            require(maxExecutions >= 0, "maxExecutions must not be negative");
            require(timeLimit == null || !(timeLimit.isNegative() || timeLimit.isZero()), "the time limit must be more than 0");
            require(raceQueries == null || raceQueries >= 0, "raceQueries must not be negative");
            require(raceQueries == null || raceQueries == 0 || kind.hasCausalModel(),
                    "raceQueries needs the mcr strategy: races are predicted from MCR's causal model");
            require(!failOnRace || races, "failOnRace needs races looked for");
            require(!suggestFixes || runConfig.memoryModel() != MemoryModel.SC, "suggesting fixes needs TSO, PSO or JMM: under SC no fence changes anything");
            require(runConfig.memoryModel() != MemoryModel.JMM || kind.supportsJmm(),
                    "the " + strategy + " strategy does not support -m jmm (use dfs, dpor or random)");
            require(!suggestFixes || opener == null, "suggesting fixes needs a program opened by its main class");
            require(workers >= 1, "workers must be at least 1");
            require(!kind.needsPathConditions() || runConfig.memoryModel() == MemoryModel.SC,
                    "the mpc strategy explores under SC only: its input classes assume one write per read");
            require(!kind.needsPathConditions() || workers == 1, "the mpc strategy explores on one worker: its shadow execution keeps one log per JVM");
            ProgramSpec program = new ProgramSpec(absolute(classpath), mainClass, args, fixes);
            Opener open = opener != null ? opener
                    : () -> InstrumentedProgram.open(String.join(File.pathSeparator, program.classpath()), mainClass, args, fixes,
                            kind.needsPathConditions());
            return new CheckRequest(program, open, runConfig, strategy, solver, seed, preemptionBound, depth, maxExecutions,
                    timeLimit, allBugs, races, raceQueries, failOnRace, progress, progressInPlace, runObserver, suggestFixes,
                    runConfig.instrumentedJdk().isEmpty() ? workers : 1);
        }

        private static void require(boolean holds, String otherwise) {
            if (!holds) {
                throw new IllegalArgumentException(otherwise);
            }
        }

        /** Absolute entries, so a saved schedule still finds the program from another directory. */
        private static List<String> absolute(List<String> entries) {
            List<String> absolute = new ArrayList<>();
            for (String entry : entries) {
                if (!entry.isBlank()) {
                    absolute.add(Path.of(entry).toAbsolutePath().normalize().toString());
                }
            }
            if (absolute.isEmpty()) {
                throw new IllegalArgumentException("the classpath is empty");
            }
            return absolute;
        }
    }
}
