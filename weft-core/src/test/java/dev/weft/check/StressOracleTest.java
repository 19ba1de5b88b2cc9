package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.check.OracleComparison.Gap;
import dev.weft.check.OracleComparison.Status;
import dev.weft.check.OracleComparison.WeftSide;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.oracle.OracleReport;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import examples.Catalog;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stress oracle (docs/oracle.md): each program of the corpus ({@code examples.oracle}, and the
 * catalogued examples whose SC behaviour a plain JVM can show) runs many times on plain JVM threads
 * in the oracle's own JVM, which holds no Weft code, and is explored under SC by mcr, dpor and dfs
 * with every bug wanted. When a strategy says it covered every behaviour, every outcome the plain
 * runs showed must be among the outcomes of its runs, except for the gaps the known-gap list names;
 * a listed gap that is no longer one fails the test too. {@code -Dweft.oracle=long} makes more plain
 * runs and gives Weft bigger budgets.
 */
class StressOracleTest {
    static final String KNOWN_GAPS = "/dev/weft/check/oracle-known-gaps.tsv";
    private static final List<StrategyKind> STRATEGIES = List.of(StrategyKind.MCR, StrategyKind.DPOR, StrategyKind.DFS);
    /** Programs explored at once: Weft's runs keep to themselves in one JVM, and one exploration mostly waits in a stuck run. */
    private static final int EXPLORERS = 2;
    /** Held while an exploration has replaced System.in, which every program of this JVM would read. */
    private static final Object STDIN = new Object();

    /**
     * Catalogued programs left out, with the reason: what a plain JVM shows of them is not their SC
     * behaviour. Besides these, litmus tests and programs whose verdict changes with the memory model
     * are left out, as plain runs on real hardware may show relaxed behaviour.
     */
    private static final Map<String, String> NOT_PLAIN = Map.of(
            "examples.SpinWithoutSignal", "a livelock: plain runs only hang",
            "examples.juc.PhaserPartyNeverArrives", "a deadlock in every run: plain runs only hang",
            "examples.juc.ExchangerThirdThreadWaits", "a deadlock in every run: plain runs only hang",
            "examples.executors.PoolNeverShutDown", "Weft ends a run whose only threads are idle pool workers; the JDK's pool keeps the JVM alive");

    /**
     * How much work each side does. An exploration gets its run budget and time limit, and a grace
     * period beyond the limit (the limit is checked between runs); one that overruns the grace is a
     * hang, which the test cannot stop, so the quick mode does not start the hangs the known-gap list
     * names.
     */
    enum Mode {
        QUICK(new PlainOracleRuns.Budget(40, 2, 3_000, 250), Map.of(StrategyKind.MCR, 1_000L, StrategyKind.DPOR, 1_000L, StrategyKind.DFS, 150L),
                Duration.ofSeconds(3), Duration.ofSeconds(10), false),
        LONG(new PlainOracleRuns.Budget(1_000, 30, 10_000, 400), Map.of(StrategyKind.MCR, 20_000L, StrategyKind.DPOR, 20_000L,
                StrategyKind.DFS, 5_000L), Duration.ofSeconds(60), Duration.ofSeconds(60), true);

        final PlainOracleRuns.Budget plain;
        final Map<StrategyKind, Long> runs;
        final Duration timeLimit;
        final Duration grace;
        final boolean runsKnownHangs;

        Mode(PlainOracleRuns.Budget plain, Map<StrategyKind, Long> runs, Duration timeLimit, Duration grace, boolean runsKnownHangs) {
            this.plain = plain;
            this.runs = runs;
            this.timeLimit = timeLimit;
            this.grace = grace;
            this.runsKnownHangs = runsKnownHangs;
        }

        static Mode chosen() {
            return "long".equals(System.getProperty("weft.oracle")) ? LONG : QUICK;
        }
    }

    @Test
    void everyOutcomeOfPlainRunsIsAmongWeftsWhenWeftSaysComplete() throws Exception {
        Mode mode = Mode.chosen();
        Map<String, String> programs = programs();
        List<Gap> gaps = OracleComparison.loadGaps(KNOWN_GAPS);
        var plain = PlainOracleRuns.start(programs, mode.plain, assertionsEnabled());
        ExecutorService explorers = Executors.newFixedThreadPool(EXPLORERS);
        List<Future<List<WeftSide>>> explored = new ArrayList<>();
        programs.forEach((program, stdin) -> explored.add(explorers.submit(() -> exploreEveryStrategy(program, stdin, mode, gaps))));
        List<WeftSide> weft = new ArrayList<>();
        for (Future<List<WeftSide>> sides : explored) {
            weft.addAll(sides.get());
        }
        explorers.shutdown();
        Map<String, OracleReport.Program> seen = plain.get(30, TimeUnit.MINUTES);
        OracleComparison.Result result = OracleComparison.compare(seen, weft, gaps);
        Path report = Path.of("target", "stress-oracle.txt");
        Files.writeString(report, summary(mode, seen, weft, result));
        System.out.println("stress oracle, " + mode + " mode: " + seen.size() + " programs, " + result.known().size() + " known gaps seen, "
                + result.unchecked().size() + " outcomes not checked (incomplete explorations); details in " + report.toAbsolutePath());
        List<String> problems = new ArrayList<>();
        seen.values().forEach(p -> p.errors().forEach(e -> problems.add("the oracle could not run " + p.className() + ": " + e)));
        gaps.stream().filter(gap -> !programs.containsKey(gap.program()) || STRATEGIES.stream().noneMatch(s -> s.cliName().equals(gap.strategy())))
                .forEach(gap -> problems.add("the known-gap list names a program or strategy the oracle does not check: " + gap));
        result.unexpected().forEach(f -> problems.add("Weft misses what plain runs show, and the known-gap list does not say so: " + f));
        result.stale().forEach(f -> problems.add(f.toString()));
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * The comparison can fail: an exploration that claims to have covered everything after one run
     * must disagree with plain runs of programs that show more than one outcome, where the real
     * exhaustive search agrees.
     */
    @Test
    void anExplorationThatStopsAfterOneRunDisagreesWithPlainRuns() throws Exception {
        Map<String, String> programs = new LinkedHashMap<>();
        programs.put("examples.oracle.DaemonThrowsAfterMain", null);
        programs.put("examples.oracle.CounterWithNoise", null);
        Map<String, OracleReport.Program> seen = PlainOracleRuns.start(programs, Mode.QUICK.plain, assertionsEnabled())
                .get(10, TimeUnit.MINUTES);
        List<WeftSide> weakened = new ArrayList<>();
        List<WeftSide> exhaustive = new ArrayList<>();
        for (String program : programs.keySet()) {
            assertTrue(seen.get(program).outcomes().size() > 1, program + ": plain runs showed only " + seen.get(program).outcomes());
            weakened.add(exploreWithin(program, "dfs-one-run", new OneRunClaimsEverything(new DfsStrategy()), Mode.QUICK, 300));
            exhaustive.add(exploreWithin(program, "dfs", new DfsStrategy(), Mode.QUICK, 300));
        }
        OracleComparison.Result caught = OracleComparison.compare(seen, weakened, List.of());
        assertEquals(programs.keySet(), caught.unexpected().stream().map(OracleComparison.Finding::program).collect(Collectors.toSet()),
                caught.toString());
        OracleComparison.Result agreed = OracleComparison.compare(seen, exhaustive, List.of());
        assertTrue(agreed.agrees(), agreed.toString());
    }

    /** A strategy that makes the first run of another and then says it has covered every behaviour. */
    private static final class OneRunClaimsEverything implements Strategy {
        private final Strategy first;
        private boolean ran;

        OneRunClaimsEverything(Strategy first) {
            this.first = first;
        }

        @Override
        public String name() {
            return "one-run";
        }

        @Override
        public SchedulePolicy nextRun() {
            if (ran) {
                return null;
            }
            ran = true;
            return first.nextRun();
        }

        @Override
        public void runFinished(RunResult result) {
            first.runFinished(result);
        }

        @Override
        public List<IncompleteReason> incompleteReasons() {
            return List.of();
        }
    }

    /** The corpus and the catalogued SC programs a plain JVM shows faithfully, each with the standard input its runs read (or null). */
    static Map<String, String> programs() {
        Map<String, String> programs = new LinkedHashMap<>();
        for (Catalog.Entry entry : Catalog.oracleCorpus()) {
            String stdin = entry.column("stdin");
            programs.put(entry.className(), stdin.equals("-") ? null : stdin.replace("\\n", "\n"));
        }
        List<Catalog.Entry> catalog = Catalog.examples();
        Map<String, Set<String>> verdictsByModel = catalog.stream().collect(Collectors.groupingBy(Catalog.Entry::className,
                Collectors.mapping(e -> e.expectsBug() + " " + e.bugKind().orElse("-"), Collectors.toSet())));
        catalog.stream()
                .filter(e -> e.memoryModel().equals("sc") && !e.className().startsWith("examples.litmus."))
                .filter(e -> verdictsByModel.get(e.className()).size() == 1 && !NOT_PLAIN.containsKey(e.className()))
                .forEach(e -> programs.put(e.className(), null));
        return programs;
    }

    /** Explores one program with every strategy, one after the other (they would share its standard input). */
    private static List<WeftSide> exploreEveryStrategy(String program, String stdin, Mode mode, List<Gap> gaps) {
        List<WeftSide> sides = new ArrayList<>();
        for (StrategyKind strategy : STRATEGIES) {
            boolean knownHang = OracleComparison.lists(gaps, program, strategy.cliName(), OracleComparison.WEFT_HANGS);
            sides.add(knownHang && !mode.runsKnownHangs
                    ? new WeftSide(program, strategy.cliName(), Status.NOT_RUN, Set.of(), "a listed hang, not started in quick mode", 0, 0)
                    : explore(program, stdin, strategy, mode));
        }
        return sides;
    }

    private static WeftSide explore(String program, String stdin, StrategyKind kind, Mode mode) {
        Strategy strategy = kind.create(StrategyOptions.defaults(MemoryModel.SC));
        if (stdin == null) {
            return exploreWithin(program, kind.cliName(), strategy, mode, mode.runs.get(kind));
        }
        synchronized (STDIN) {
            InputStream before = System.in;
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            try {
                return exploreWithin(program, kind.cliName(), strategy, mode, mode.runs.get(kind));
            } finally {
                System.setIn(before);
            }
        }
    }

    /**
     * Explores under SC with every bug wanted, within the mode's budget; a Weft crash, a refusal or a
     * divergence is a failed side, an exploration that overruns its time limit by the grace a hung one.
     */
    private static WeftSide exploreWithin(String program, String strategyName, Strategy strategy, Mode mode, long runs) {
        // Not a daemon: Weft's runs give the program's main thread the daemon status of the thread that explores.
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> new Thread(r, "oracle-exploration " + program));
        long start = System.nanoTime();
        try {
            Future<RealRuns.Exploration> exploring = worker.submit(() -> RealRuns.explore(
                    InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of()), MemoryModel.SC, strategy,
                    new ExplorationLimits(runs, mode.timeLimit, true), StressOracleTest::programOutcomes));
            RealRuns.Exploration exploration = exploring.get(mode.timeLimit.plus(mode.grace).toMillis(), TimeUnit.MILLISECONDS);
            return side(program, strategyName, exploration, seconds(start));
        } catch (TimeoutException e) {
            return new WeftSide(program, strategyName, Status.HUNG, Set.of(),
                    "the exploration did not end within its time limit of " + mode.timeLimit.toSeconds() + " s and " + mode.grace.toSeconds() + " s more", 0, seconds(start));
        } catch (Exception e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new WeftSide(program, strategyName, Status.FAILED, Set.of(), "Weft failed: " + cause, 0, seconds(start));
        } finally {
            worker.shutdownNow();
        }
    }

    private static WeftSide side(String program, String strategy, RealRuns.Exploration exploration, double seconds) {
        ExplorationResult result = exploration.result();
        Status status;
        String detail;
        if (result.stop() == ExplorationResult.Stop.UNSUPPORTED || result.stop() == ExplorationResult.Stop.DIVERGED) {
            status = Status.FAILED;
            detail = result.stop() + ": " + result.error();
        } else if (result.complete()) {
            status = Status.COMPLETE;
            detail = "complete after " + result.executions() + " runs";
        } else {
            status = Status.INCOMPLETE;
            detail = "incomplete: " + result.stop() + " after " + result.executions() + " runs" + (result.error() == null ? "" : ", " + result.error());
        }
        return new WeftSide(program, strategy, status, exploration.outcomes(), detail, result.executions(), seconds);
    }

    /**
     * A run's outcomes as plain runs can see them: each of its bugs (a plain run reports only the
     * first that happened, and the comparison asks that it be among the bugs Weft's runs showed), or
     * the final state without the static fields of Weft's own models of JDK classes (the thread
     * pools' counters), which a program cannot observe.
     */
    static List<String> programOutcomes(RunResult run) {
        if (run.status() == RunResult.Status.BUG) {
            return run.bugs().stream().map(RunResult::outcome).toList();
        }
        if (run.status() != RunResult.Status.COMPLETED) {
            return List.of(run.outcome());
        }
        Map<String, String> state = new TreeMap<>(run.finalState());
        state.keySet().removeIf(field -> field.startsWith("dev.weft."));
        return List.of(state.toString());
    }

    private static boolean assertionsEnabled() {
        return StressOracleTest.class.desiredAssertionStatus();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static String summary(Mode mode, Map<String, OracleReport.Program> seen, List<WeftSide> weft, OracleComparison.Result result) {
        StringBuilder text = new StringBuilder("stress oracle, " + mode + " mode: " + seen.size() + " programs\n");
        Function<OracleReport.Program, String> plainLine = p -> p.runs() + " plain runs" + (p.hangs() > 0 ? " (" + p.hangs() + " hung)" : "")
                + ", " + p.outcomes().size() + " outcomes";
        for (OracleReport.Program program : seen.values()) {
            text.append(program.className()).append(": ").append(plainLine.apply(program));
            weft.stream().filter(side -> side.program().equals(program.className())).forEach(side -> text.append("; ")
                    .append(side.strategy()).append(' ').append(side.status().name().toLowerCase()).append(' ').append(side.runs())
                    .append(String.format(" runs %.1fs", side.seconds())));
            text.append('\n');
        }
        Stream.of(result.known().stream().map(f -> "known gap: " + f), result.unchecked().stream().map(f -> "not checked: " + f))
                .flatMap(s -> s).forEach(line -> text.append(line).append('\n'));
        return text.toString();
    }
}
