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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The table of docs/fences.md: for each program, runs under SC, TSO and PSO (mcr, every bug) and JMM (dfs:
 * mcr does not support it), the run of the first bug and the time to it, and {@code --suggest-fixes}'
 * fixes under TSO, PSO and JMM with their re-check and proof, beside the barrier counts of the paper's
 * Table 5 (theirs, for the .NET model). Usage: {@code FenceTable [seconds per check]}.
 */
public final class FenceTable {
    /** Program, and the paper's Table 5 count for the same algorithm ("-" when the paper has no such row). */
    private static final List<String[]> PROGRAMS = List.of(
            new String[] {"examples.PetersonBusyWait", "3 (peterson)"},
            new String[] {"benchmarks.Peterson", "3 (peterson)"},
            new String[] {"examples.TournamentBarrier", "3 (tbarrier)"},
            new String[] {"examples.DoubleCheckedLocking", "1 (dc)"},
            new String[] {"examples.ReadersWritersVolatile", "4 (rw-vol)"},
            new String[] {"benchmarks.Rowo", "2 (rowo)"},
            new String[] {"benchmarks.ProgramOrder", "6 (po)"},
            new String[] {"examples.IndependentWorkers", "- (independent workers: none)"},
            new String[] {"examples.DekkerBusyWait", "-"},
            new String[] {"benchmarks.Dekker", "-"},
            new String[] {"benchmarks.Bakery", "-"},
            new String[] {"benchmarks.LamportFastMutex", "-"},
            new String[] {"benchmarks.Figure6N1", "-"},
            new String[] {"benchmarks.Figure6N2", "-"},
            new String[] {"examples.StoreBuffering", "-"},
            new String[] {"examples.PublicationPSO", "-"},
            new String[] {"examples.BoundedBufferCondition", "- (bb: none)"});
    private static final MemoryModel[] RELAXED = {MemoryModel.TSO, MemoryModel.PSO, MemoryModel.JMM};

    private FenceTable() {
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 300;
        System.out.println("| program | runs SC | runs TSO | runs PSO | runs JMM | first bug: run, seconds TSO / PSO / JMM"
                + " | fixes TSO | fixes PSO | fixes JMM | Table 5 (theirs) |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (String[] row : PROGRAMS) {
            System.out.println(row(row[0], row[1], Duration.ofSeconds(seconds)));
        }
    }

    private static String row(String program, String theirs, Duration limit) {
        ExplorationResult sc = checker(program, MemoryModel.SC, limit).check(MemoryModel.SC, VirtualFixes.NONE, true);
        StringBuilder cells = new StringBuilder("| `" + program + "` | " + runs(sc));
        List<String> firstBugs = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        for (MemoryModel model : RELAXED) {
            ProgramChecker checker = checker(program, model, limit);
            ExplorationResult relaxed = checker.check(model, VirtualFixes.NONE, true);
            cells.append(" | ").append(runs(relaxed));
            firstBugs.add(firstBug(relaxed, checker.check(model, VirtualFixes.NONE, false)));
            fixes.add(fixes(FixAdvisor.advise(relaxed, model, checker)));
        }
        cells.append(" | ").append(String.join(" / ", firstBugs));
        fixes.forEach(f -> cells.append(" | ").append(f));
        return cells.append(" | ").append(theirs).append(" |").toString();
    }

    /** mcr, except under JMM, which only dfs, dpor (as dfs) and random explore. */
    private static ProgramChecker checker(String program, MemoryModel model, Duration limit) {
        StrategyKind kind = model == MemoryModel.JMM ? StrategyKind.DFS : StrategyKind.MCR;
        return new ProgramChecker(BenchmarkPrograms.classpath(), program, List.of(), VirtualFixes.NONE,
                m -> kind.create(StrategyOptions.defaults(m)), RunConfig::of, 0, Deadline.after(limit));
    }

    private static String runs(ExplorationResult result) {
        return result.executions() + (result.complete() ? "" : " (incomplete)") + (result.bugs().isEmpty() ? "" : ", " + result.bugs().size() + " bug"
                + (result.bugs().size() == 1 ? "" : "s"));
    }

    /** The run of the first bug of the whole exploration, and the seconds an exploration that stops there took; "-" without one. */
    private static String firstBug(ExplorationResult all, ExplorationResult first) {
        return all.executionsToFirstBug() == 0 ? "-"
                : String.format(Locale.ROOT, "%d, %.2f s", all.executionsToFirstBug(), first.seconds());
    }

    private static String fixes(Advice advice) {
        String status = switch (advice.status()) {
            case NOTHING_TO_FIX -> advice.scBugs().isEmpty() ? "none needed" : "SC bug, not a fence problem";
            case FIXED -> advice.fixes().size() + ": " + advice.fixes().stream().map(f -> f.describe()).collect(Collectors.joining("; "))
                    + String.format(Locale.ROOT, " — re-check complete, %d runs, no bug; each needed", advice.recheck().executions());
            case UNPROVED -> advice.fixes().size() + " NOT proved: " + advice.fixes().stream().map(f -> f.describe()).collect(Collectors.joining("; "))
                    + " — " + advice.problem();
            case NO_FIX_FOUND -> "no fix found: " + advice.problem();
        };
        return status.replace("|", "\\|");
    }
}
