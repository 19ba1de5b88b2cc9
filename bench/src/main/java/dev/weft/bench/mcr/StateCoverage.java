package dev.weft.bench.mcr;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.causal.ReadSignature;
import dev.weft.check.CheckRequest;
import dev.weft.check.CheckResult;
import dev.weft.check.Checker;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import examples.Catalog;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * MCR's two guarantees measured by read states (docs/mcr.md; mcr-tso-pso §4.6): for each program and
 * memory model, the runs MCR makes, the distinct read states they reach (a state is a run's
 * {@link ReadSignature}: the value every read returned, each thread's length, every final value),
 * how many runs repeat a state seen before, and how many of the states of bug-free runs that a
 * complete DPOR exploration reaches MCR misses. DPOR is the reference: it is complete, and the
 * states are compared by value, so a difference is MCR's (or, marked "unknown to dpor", a state
 * DPOR never reached: a DPOR defect).
 *
 * <pre>java -cp "$CP" dev.weft.bench.mcr.StateCoverage [litmus|crosscheck|mutex|CLASS ...]</pre>
 *
 * Without arguments every group is measured. {@code mutex} is Dekker, Peterson, Lamport's fast
 * mutex and Bakery on plain fields, the programs of the run-count comparison with DPOR in docs/mcr.md.
 */
public final class StateCoverage {
    private static final long RUN_LIMIT = 20_000;
    private static final List<String> MUTEX = List.of("benchmarks.Peterson", "benchmarks.Dekker", "benchmarks.LamportFastMutex",
            "benchmarks.Bakery");

    /**
     * One exploration: its runs, the distinct states its runs without a bug reached, how many
     * distinct states its runs with a bug stopped in, and whether it finished. A run stops at its
     * first bug, so where the other threads were then depends on the schedule: those states are
     * counted but not compared between strategies.
     */
    record Exploration(long runs, Set<ReadSignature> states, int bugStates, boolean complete) {
        long distinct() {
            return states.size() + bugStates;
        }
    }

    /** MCR against DPOR on one program under one model. */
    record Row(String program, MemoryModel model, Exploration mcr, Exploration dpor) {
        long repeats() {
            return mcr.runs() - mcr.distinct();
        }

        long missed() {
            return dpor.states().stream().filter(s -> !mcr.states().contains(s)).count();
        }

        long unknownToDpor() {
            return mcr.states().stream().filter(s -> !dpor.states().contains(s)).count();
        }
    }

    private StateCoverage() {
    }

    public static void main(String[] args) throws Exception {
        List<String[]> cases = new ArrayList<>();
        for (String group : args.length == 0 ? List.of("litmus", "crosscheck", "mutex") : List.of(args)) {
            cases.addAll(cases(group));
        }
        print(cases, System.out);
    }

    /** (class, model) pairs of a group, or of one class under every model. */
    static List<String[]> cases(String group) {
        List<String[]> cases = new ArrayList<>();
        switch (group) {
            case "litmus", "crosscheck" -> Catalog.examples().stream()
                    .filter(e -> e.className().startsWith("examples." + group + "."))
                    .forEach(e -> cases.add(new String[] {e.className(), e.memoryModel()}));
            case "mutex" -> MUTEX.forEach(c -> cases.addAll(cases(c)));
            default -> {
                for (String model : List.of("sc", "tso", "pso")) {
                    cases.add(new String[] {group, model});
                }
            }
        }
        return cases;
    }

    static void print(List<String[]> cases, PrintStream out) throws Exception {
        out.println("| program | model | mcr runs | mcr states | repeats | missed | dpor runs | dpor states | dpor / mcr runs |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|");
        long runs = 0;
        long repeats = 0;
        long missed = 0;
        for (String[] c : cases) {
            Row row = measure(c[0], MemoryModel.valueOf(c[1].toUpperCase(Locale.ROOT)));
            runs += row.mcr().runs();
            repeats += row.repeats();
            missed += row.missed();
            out.printf(Locale.ROOT, "| %s | %s | %d%s | %d | %d | %d%s | %d%s | %d | %.2f |%n", c[0].substring(c[0].lastIndexOf('.') + 1), c[1],
                    row.mcr().runs(), mark(row.mcr()), row.mcr().distinct(), row.repeats(), row.missed(),
                    row.unknownToDpor() > 0 ? " (+" + row.unknownToDpor() + " unknown to dpor)" : "",
                    row.dpor().runs(), mark(row.dpor()), row.dpor().distinct(), (double) row.dpor().runs() / row.mcr().runs());
        }
        out.printf("%nMCR: %d runs, %d of them repeating a state, %d states missed.%n", runs, repeats, missed);
    }

    static Row measure(String mainClass, MemoryModel model) throws Exception {
        return new Row(mainClass, model, explore(mainClass, model, "mcr"),
                explore(mainClass, model, "dpor"));
    }

    private static String mark(Exploration exploration) {
        return exploration.complete() ? "" : " (incomplete)";
    }

    static Exploration explore(String mainClass, MemoryModel model, String strategy) throws Exception {
        Set<ReadSignature> states = new HashSet<>();
        Set<ReadSignature> bugStates = new HashSet<>();
        CheckResult result = Checker.check(CheckRequest.forMainClass(mainClass).classpath(List.of(BenchmarkPrograms.classpath()))
                .memoryModel(model).strategy(strategy).maxExecutions(RUN_LIMIT).allBugs(true).races(false).workers(1)
                .observeRuns(run -> (run.status() == RunResult.Status.BUG ? bugStates : states).add(ReadSignature.of(run.trace())))
                .build());
        return new Exploration(result.exploration().executions(), states, bugStates.size(), result.complete());
    }
}
