package dev.weft.bench.fences;

import dev.weft.advice.Advice;
import dev.weft.advice.FixAdvisor;
import dev.weft.advice.ProgramChecker;
import dev.weft.bench.BenchmarkPrograms;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The table of docs/fences.md: for each program, runs under SC, TSO and PSO (mcr, every bug), the run of
 * the first bug, and {@code --suggest-fixes}' fixes under TSO and PSO with their re-check and proof,
 * beside the barrier counts of the paper's Table 5 (theirs, for the .NET model).
 * Usage: {@code FenceTable [seconds per check]}.
 */
public final class FenceTable {
    /** Program, and the paper's Table 5 count for the same algorithm ("-" when the paper has no such row). */
    private static final List<String[]> PROGRAMS = List.of(
            new String[] {"examples.PetersonBusyWait", "3 (peterson)"},
            new String[] {"benchmarks.Peterson", "3 (peterson)"},
            new String[] {"examples.DoubleCheckedLocking", "1 (dc)"},
            new String[] {"benchmarks.Rowo", "2 (rowo)"},
            new String[] {"benchmarks.ProgramOrder", "6 (po)"},
            new String[] {"examples.DekkerBusyWait", "-"},
            new String[] {"benchmarks.Dekker", "-"},
            new String[] {"benchmarks.Bakery", "-"},
            new String[] {"benchmarks.LamportFastMutex", "-"},
            new String[] {"benchmarks.Figure6N1", "-"},
            new String[] {"benchmarks.Figure6N2", "-"},
            new String[] {"examples.StoreBuffering", "-"},
            new String[] {"examples.PublicationPSO", "-"},
            new String[] {"examples.BoundedBufferCondition", "- (bb: none)"});

    private FenceTable() {
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 300;
        System.out.println("| program | runs SC | runs TSO | runs PSO | first bug (run) TSO / PSO | fixes TSO | fixes PSO | Table 5 (theirs) |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String[] row : PROGRAMS) {
            System.out.println(row(row[0], row[1], Duration.ofSeconds(seconds)));
        }
    }

    private static String row(String program, String theirs, Duration limit) {
        ExplorationResult sc = checker(program, limit).check(MemoryModel.SC, VirtualFixes.NONE, true);
        StringBuilder cells = new StringBuilder("| `" + program + "` | " + runs(sc));
        Advice[] advice = new Advice[2];
        ExplorationResult[] relaxed = new ExplorationResult[2];
        MemoryModel[] models = {MemoryModel.TSO, MemoryModel.PSO};
        for (int i = 0; i < 2; i++) {
            ProgramChecker checker = checker(program, limit);
            relaxed[i] = checker.check(models[i], VirtualFixes.NONE, true);
            advice[i] = FixAdvisor.advise(relaxed[i], models[i], checker);
            cells.append(" | ").append(runs(relaxed[i]));
        }
        cells.append(" | ").append(firstBug(relaxed[0])).append(" / ").append(firstBug(relaxed[1]));
        return cells.append(" | ").append(fixes(advice[0])).append(" | ").append(fixes(advice[1])).append(" | ").append(theirs).append(" |")
                .toString();
    }

    private static ProgramChecker checker(String program, Duration limit) {
        return new ProgramChecker(BenchmarkPrograms.classpath(), program, List.of(), VirtualFixes.NONE,
                model -> StrategyKind.MCR.create(StrategyOptions.defaults(model)), RunConfig::of, 0, Deadline.after(limit));
    }

    private static String runs(ExplorationResult result) {
        return result.executions() + (result.complete() ? "" : " (incomplete)") + (result.bugs().isEmpty() ? "" : ", " + result.bugs().size() + " bug"
                + (result.bugs().size() == 1 ? "" : "s"));
    }

    private static String firstBug(ExplorationResult result) {
        return result.executionsToFirstBug() == 0 ? "-" : Long.toString(result.executionsToFirstBug());
    }

    private static String fixes(Advice advice) {
        String status = switch (advice.status()) {
            case NOTHING_TO_FIX -> advice.scBugs().isEmpty() ? "none needed" : "SC bug, not a fence problem";
            case FIXED -> advice.fixes().size() + ": " + advice.fixes().stream().map(f -> f.describe()).collect(Collectors.joining("; "))
                    + String.format(Locale.ROOT, " — re-check complete, %d runs, no bug; each needed", advice.recheck().executions());
            case UNPROVED -> advice.fixes().size() + " NOT proved: " + advice.problem();
            case NO_FIX_FOUND -> "no fix found: " + advice.problem();
        };
        return status.replace("|", "\\|");
    }
}
