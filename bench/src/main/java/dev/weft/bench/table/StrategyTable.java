package dev.weft.bench.table;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.Limits;
import dev.weft.explore.Strategy;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The papers' comparison in one run (issue 5, mcr-systematic-testing Tables 2–3, mcr-tso-pso
 * Tables 3–4): every catalogued benchmark program under its memory model, explored by each strategy
 * with the same run and time budget, printed as a Markdown table of runs to the first bug, runs in
 * all, seconds and whether the strategy proved the space covered.
 *
 * <p>Arguments: {@code [maxRuns [seconds [strategy,... [classFilter]]]]}, defaults 2000, 60,
 * mcr,dpor,dfs,icb,pct, and every row. The catalogue's paper columns are printed beside MCR's.
 */
public final class StrategyTable {
    private StrategyTable() {
    }

    public static void main(String[] args) throws Exception {
        long maxRuns = args.length > 0 ? Long.parseLong(args[0]) : 2000;
        Duration timeLimit = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 60);
        List<String> strategies = List.of((args.length > 2 ? args[2] : "mcr,dpor,dfs,icb,pct").split(","));
        String filter = args.length > 3 ? args[3] : "";
        String classpath = codeSource(benchmarks.Dekker.class) + File.pathSeparator + codeSource(examples.Catalog.class);

        StringBuilder header = new StringBuilder("| program | model | expected |");
        StringBuilder rule = new StringBuilder("|---|---|---|");
        for (String s : strategies) {
            header.append(' ').append(s).append(" |");
            rule.append("---|");
        }
        System.out.println(header.append(" paper MCR (bug / complete) |"));
        System.out.println(rule.append("---|"));
        for (Catalog.Entry entry : Catalog.load("benchmarks/catalog.tsv")) {
            if (!entry.className().contains(filter)) {
                continue;
            }
            MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
            List<String> cells = new ArrayList<>();
            for (String name : strategies) {
                cells.add(cell(explore(classpath, entry.className(), model, name, maxRuns, timeLimit), entry));
            }
            System.out.printf("| %s | %s | %s | %s | %s / %s |%n", entry.className().replace("benchmarks.", "").replace("examples.", ""),
                    entry.memoryModel(), entry.expectsBug() ? entry.bugKind().orElse("bug") : "ok", String.join(" | ", cells),
                    entry.column("paper_bug_runs"), entry.column("paper_complete_runs"));
        }
    }

    private static ExplorationResult explore(String classpath, String mainClass, MemoryModel model, String strategy,
                                             long maxRuns, Duration timeLimit) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(classpath, mainClass, List.of());
        Strategy chosen = StrategyKind.byName(strategy).create(new StrategyOptions(model, 1, StrategyOptions.DEFAULT_PREEMPTION_BOUND,
                StrategyOptions.DEFAULT_DEPTH, maxRuns, SolverKind.ORDER, new dev.weft.solver.Limits(60_000, 0)));
        return new Explorer(new ControlledExecutor(program, RunConfig.of(model)), chosen, new Limits(maxRuns, timeLimit, false), null).explore();
    }

    /** "first-bug / runs, seconds" with a mark: ✓ complete, ✗ verdict contradicts the catalogue, … limit reached. */
    private static String cell(ExplorationResult r, Catalog.Entry entry) {
        boolean wrong = r.verdict() == ExplorationResult.Verdict.BUG ? !entry.expectsBug() : r.complete() && entry.expectsBug();
        String mark = wrong ? " ✗" : r.complete() ? " ✓" : r.verdict() == ExplorationResult.Verdict.BUG ? "" : " …";
        String runs = r.verdict() == ExplorationResult.Verdict.BUG ? "bug@" + r.executionsToFirstBug() : String.valueOf(r.executions());
        String error = r.error() == null ? "" : " (" + r.stop().name().toLowerCase(Locale.ROOT) + ")";
        return String.format(Locale.ROOT, "%s%s, %.1fs%s", runs, mark, r.seconds(), error);
    }

    private static String codeSource(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
