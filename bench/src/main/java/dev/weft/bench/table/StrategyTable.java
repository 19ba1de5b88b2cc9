package dev.weft.bench.table;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.causal.ReadSignature;
import dev.weft.check.CheckRequest;
import dev.weft.check.Checker;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.StrategyKind;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import examples.Catalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The papers' comparison in one run (docs/benchmarks.md; mcr-systematic-testing Tables 2–3, mcr-tso-pso
 * Tables 3–4): every catalogued benchmark program under its memory model, explored by each strategy
 * with the same run and time budget, as a Markdown table and a CSV file.
 *
 * <p>Options: {@code --quick} (SC rows only, 100 runs and 2 s per cell), {@code --runs N} (default
 * 500), {@code --seconds S} per cell (default 20), {@code --strategies mcr,dpor,...} (default all
 * five), {@code --filter TEXT} (rows whose class name contains it), {@code --solver order|z3} for
 * MCR's queries (default order), {@code --no-spurious-wakeups} or {@code --spurious-wakeups} (default:
 * as {@code weft check}), {@code --programs benchmarks|jdk|juc} (the benchmark catalogue, default, or
 * the example catalogue's programs on shared JDK objects, or its java.util.concurrent programs), {@code --workers N} (default 1, so that run
 * counts do not depend on timing), {@code --states} (count each cell's distinct read states, {@link ReadSignature}: what
 * the reads of its runs that ran to their end returned; the time to compute them is in the cell's seconds), {@code --write DIR}: write
 * {@code DIR/benchmarks.csv} ({@code benchmarks-jdk.csv}) and replace the generated part of
 * {@code DIR/benchmarks.md} (the set's own part for {@code jdk} and {@code juc}); without it the table goes to
 * standard output. Each cell explores past the first bug, so it gives both the
 * runs to the first bug and the runs to cover everything.
 */
public final class StrategyTable {
    static final String BEGIN = "<!-- StrategyTable output: begin -->";
    static final String END = "<!-- StrategyTable output: end -->";
    private static final String DEFAULT_SET = "benchmarks";

    /** @param states the distinct read states the cell's runs reached, or -1 when not counted */
    private record Cell(String strategy, ExplorationResult result, boolean wrong, int states) {
    }

    private record Row(Catalog.Entry entry, List<Cell> cells) {
    }

    private StrategyTable() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        boolean quick = options.containsKey("--quick");
        long maxRuns = Long.parseLong(options.getOrDefault("--runs", quick ? "100" : "500"));
        Duration timeLimit = Duration.ofSeconds(Long.parseLong(options.getOrDefault("--seconds", quick ? "2" : "20")));
        List<String> strategies = List.of(options.getOrDefault("--strategies", "mcr,dpor,dfs,icb,pct").split(","));
        strategies.forEach(StrategyKind::byName);
        String filter = options.getOrDefault("--filter", "");
        int workers = Integer.parseInt(options.getOrDefault("--workers", "1"));
        SolverKind solver = SolverKind.parse(options.getOrDefault("--solver", SolverKind.ORDER.cliName()));
        String classpath = BenchmarkPrograms.classpath();
        boolean spurious = options.containsKey("--spurious-wakeups") || RunConfig.SPURIOUS_WAKEUPS && !options.containsKey("--no-spurious-wakeups");
        boolean countStates = options.containsKey("--states");

        String set = options.getOrDefault("--programs", DEFAULT_SET);
        List<Row> rows = new ArrayList<>();
        for (Catalog.Entry entry : BenchmarkPrograms.catalogue(set)) {
            if (!entry.className().contains(filter) || quick && !entry.memoryModel().equals("sc")) {
                continue;
            }
            MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
            List<Cell> cells = new ArrayList<>();
            for (String name : strategies) {
                Set<ReadSignature> states = ConcurrentHashMap.newKeySet();
                Consumer<RunResult> observer = countStates ? run -> {
                    if (run.status() != RunResult.Status.STOPPED && run.status() != RunResult.Status.UNSUPPORTED) {
                        states.add(ReadSignature.of(run.trace())); // a run cut short is no state of its own
                    }
                } : null;
                ExplorationResult r = explore(classpath, entry.className(), RunConfig.of(model).withSpuriousWakeups(spurious), name, solver,
                        maxRuns, timeLimit, workers, observer);
                boolean wrong = r.verdict() == ExplorationResult.Verdict.BUG ? !entry.expectsBug() : r.complete() && entry.expectsBug();
                cells.add(new Cell(name, r, wrong, countStates ? states.size() : -1));
            }
            Row row = new Row(entry, cells);
            rows.add(row);
            System.err.println(markdownRow(row));
        }
        String budget = String.format(Locale.ROOT, "%s; budget %d runs and %d s per cell; solver %s; %s; %s; %d cores, %d worker%s",
                quick ? "quick mode (SC rows only)" : "full mode", maxRuns, timeLimit.toSeconds(), solver.cliName(),
                spurious ? "spurious wake-ups" : "no spurious wake-ups", LocalDate.now(), Runtime.getRuntime().availableProcessors(),
                workers, workers == 1 ? "" : "s");
        String markdown = markdown(rows, strategies, budget);
        if (options.containsKey("--write")) {
            Path dir = Path.of(options.get("--write"));
            String suffix = set.equals(DEFAULT_SET) ? "" : "-" + set;
            Files.writeString(dir.resolve("benchmarks" + suffix + ".csv"), csv(rows), StandardCharsets.UTF_8);
            replaceGenerated(dir.resolve("benchmarks.md"), markdown, set.equals(DEFAULT_SET) ? "" : set + " ");
        } else {
            System.out.print(markdown);
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick", "--spurious-wakeups", "--no-spurious-wakeups", "--states" -> options.put(args[i], "");
                case "--runs", "--seconds", "--strategies", "--filter", "--write", "--solver", "--programs", "--workers" -> {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException(args[i] + " needs a value");
                    }
                    options.put(args[i], args[++i]);
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (known: --quick, --runs N, --seconds S, --strategies a,b, --filter TEXT, --solver order|z3,"
                        + " --[no-]spurious-wakeups, --programs benchmarks|jdk|juc, --workers N, --states, --write DIR)");
            }
        }
        return options;
    }

    static ExplorationResult explore(String classpath, String mainClass, RunConfig config, String strategy, SolverKind solver,
                                             long maxRuns, Duration timeLimit, int workers, Consumer<RunResult> observer) throws Exception {
        // Races are not looked for: the table compares the strategies' own work.
        return Checker.check(CheckRequest.forMainClass(mainClass).classpath(List.of(classpath)).runConfig(config).strategy(strategy)
                .solver(solver).seed(1).maxExecutions(maxRuns).timeLimit(timeLimit).allBugs(true).races(false).workers(workers)
                .observeRuns(observer).build()).exploration();
    }

    static String markdown(List<Row> rows, List<String> strategies, String budget) {
        StringBuilder out = new StringBuilder();
        out.append("Run: ").append(budget).append(".\n\n");
        out.append("| strategy | bug found | proved correct (✓) | budget ran out (…) | wrong verdict (✗) | seconds | solver seconds |\n");
        out.append("|---|---|---|---|---|---|---|\n");
        for (String s : strategies) {
            int bugs = 0;
            int proved = 0;
            int open = 0;
            int wrong = 0;
            double seconds = 0;
            double solver = 0;
            for (Row row : rows) {
                Cell c = row.cells().get(strategies.indexOf(s));
                ExplorationResult r = c.result();
                bugs += r.verdict() == ExplorationResult.Verdict.BUG && !c.wrong() ? 1 : 0;
                proved += r.verdict() == ExplorationResult.Verdict.OK && r.complete() && !c.wrong() ? 1 : 0;
                open += r.verdict() == ExplorationResult.Verdict.INCOMPLETE ? 1 : 0;
                wrong += c.wrong() ? 1 : 0;
                seconds += r.seconds();
                solver += r.solverSeconds();
            }
            out.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %.1f | %.1f |%n", s, bugs, proved, open, wrong, seconds, solver));
        }
        out.append("\n| program | model | expected |");
        strategies.forEach(s -> out.append(' ').append(s).append(" |"));
        out.append(" paper MCR (bug / complete) |\n|---|---|---|");
        strategies.forEach(s -> out.append("---|"));
        out.append("---|\n");
        rows.forEach(row -> out.append(markdownRow(row)).append('\n'));
        return out.toString();
    }

    private static String markdownRow(Row row) {
        Catalog.Entry entry = row.entry();
        List<String> cells = row.cells().stream().map(StrategyTable::markdownCell).toList();
        return String.format("| %s | %s | %s | %s | %s / %s |", entry.className().replace("benchmarks.", "").replace("examples.", ""),
                entry.memoryModel(), entry.expectsBug() ? entry.bugKind().orElse("bug") : "ok", String.join(" | ", cells),
                paperColumn(entry, "paper_bug_runs"), paperColumn(entry, "paper_complete_runs"));
    }

    /** The papers' count for a program, '-' where the catalogue has none (the example catalogue has no such columns). */
    private static String paperColumn(Catalog.Entry entry, String column) {
        return entry.has(column) ? entry.column(column) : "-";
    }

    /** "bug@first, runs mark[, states], seconds": ✓ complete, ✗ verdict contradicts the catalogue, … budget ran out. */
    private static String markdownCell(Cell c) {
        ExplorationResult r = c.result();
        String mark = c.wrong() ? " ✗" : r.complete() ? " ✓" : " …";
        String first = r.verdict() == ExplorationResult.Verdict.BUG ? "bug@" + r.executionsToFirstBug() + ", " : "";
        String stop = r.error() == null ? "" : " (" + r.stop().name().toLowerCase(Locale.ROOT) + ")";
        String solver = r.solverSeconds() >= 0.05 ? String.format(Locale.ROOT, " (solver %.1fs)", r.solverSeconds()) : "";
        String states = c.states() < 0 ? "" : ", " + c.states() + " states";
        return String.format(Locale.ROOT, "%s%d%s%s, %.1fs%s%s", first, r.executions(), mark, states, r.seconds(), solver, stop);
    }

    static String csv(List<Row> rows) {
        StringBuilder out = new StringBuilder(
                "program,model,expected,strategy,verdict,complete,wrong,runs_to_first_bug,runs,states,stop,seconds,solver_seconds\n");
        for (Row row : rows) {
            for (Cell c : row.cells()) {
                ExplorationResult r = c.result();
                out.append(String.join(",", row.entry().className(), row.entry().memoryModel(),
                        row.entry().expectsBug() ? row.entry().bugKind().orElse("bug") : "ok", c.strategy(), r.verdict().jsonName(),
                        String.valueOf(r.complete()), String.valueOf(c.wrong()),
                        r.verdict() == ExplorationResult.Verdict.BUG ? String.valueOf(r.executionsToFirstBug()) : "",
                        String.valueOf(r.executions()), c.states() < 0 ? "" : String.valueOf(c.states()), r.stop().name().toLowerCase(Locale.ROOT),
                        String.format(Locale.ROOT, "%.3f", r.seconds()), String.format(Locale.ROOT, "%.3f", r.solverSeconds())));
                out.append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Replaces what lies between the begin and end markers in {@code file}, keeping the prose around it;
     * {@code setName} (empty, or a program set's name and a space) tells the tables of several sets apart.
     */
    static void replaceGenerated(Path file, String generated, String setName) throws IOException {
        String beginMarker = BEGIN.replace("StrategyTable ", "StrategyTable " + setName);
        String endMarker = END.replace("StrategyTable ", "StrategyTable " + setName);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int begin = text.indexOf(beginMarker);
        int end = text.indexOf(endMarker);
        if (begin < 0 || end < begin) {
            throw new IOException(file + " has no '" + beginMarker + "' ... '" + endMarker + "' section to replace");
        }
        Files.writeString(file, text.substring(0, begin + beginMarker.length()) + "\n\n" + generated + "\n" + text.substring(end),
                StandardCharsets.UTF_8);
    }
}
