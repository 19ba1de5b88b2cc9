package dev.weft.bench.solver;

import dev.weft.causal.CausalModel;
import dev.weft.causal.SeedQuery;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.McrProblems;
import dev.weft.solver.OrderSolver;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;

/**
 * Time per query of each {@link SolverKind} on generated MCR-shaped traces (see {@link McrProblems}):
 * one solver instance per trace, base constraints added once, then the trace's queries in turn.
 *
 * <p>Usage: {@code OrderSolverBenchmark [events:queries[:z3Queries] ...]} (default
 * {@code 100:60 1000:30:10 10000:8:2}): Z3 runs only the first {@code z3Queries} queries (all by
 * default, none if 0) because it takes seconds per query on large traces. Each query gets a 60 s
 * time limit. {@code bank:rounds:queries[:z3Queries]} takes the trace of a real first run instead,
 * {@code perf.BankRounds} with that many rounds, and asks that many of its seed queries, spread
 * over them, as MCR does with each solver; {@code real} takes every catalogued benchmark's first run and all its queries. Prints
 * one Markdown table row per size and solver.
 */
public final class OrderSolverBenchmark {

    private static final long QUERY_LIMIT_MILLIS = 60_000;
    /** CPU time next to wall time: the benchmark machine is shared, and CPU time is what contention does not inflate. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private OrderSolverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<String> sizes = args.length > 0 ? List.of(args) : List.of("100:60", "1000:30:10", "10000:8:2", "real");
        System.out.println("| trace | solver | queries | sat | unsat | unknown | median ms | p99 ms | max ms | median CPU ms | p99 CPU ms | base add ms |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<String> speedUps = new ArrayList<>();
        for (String size : sizes) {
            if (size.equals("real")) {
                compare("benchmark programs' first runs", RealTraces.problems(), Integer.MAX_VALUE, speedUps);
                continue;
            }
            if (size.startsWith("bank:")) {
                String[] parts = size.split(":");
                int z3Queries = parts.length > 3 ? Integer.parseInt(parts[3]) : Integer.MAX_VALUE;
                compareAsMcr(RealTraces.bankRounds(Integer.parseInt(parts[1])), "perf.BankRounds " + parts[1],
                        Integer.parseInt(parts[2]), z3Queries, speedUps);
                continue;
            }
            String[] parts = size.split(":");
            int events = Integer.parseInt(parts[0]);
            int queries = Integer.parseInt(parts[1]);
            int z3Queries = parts.length > 2 ? Integer.parseInt(parts[2]) : queries;
            McrProblems.Problem problem = McrProblems.generate(new Random(events), events, 4,
                    Math.max(2, events / 100), 3, queries);
            compare(problem.events() + " events, generated", List.of(problem), z3Queries, speedUps);
        }
        System.out.println();
        speedUps.forEach(System.out::println);
    }

    /** Both solvers on {@code problems} (Z3 on the first {@code z3Queries} queries of each), one table row each. */
    private static void compare(String label, List<McrProblems.Problem> problems, int z3Queries, List<String> speedUps) {
        Run order = Run.EMPTY;
        Run z3 = Run.EMPTY;
        for (McrProblems.Problem problem : problems) {
            Run orderOnThis = run(SolverKind.ORDER, problem, problem.queries().size());
            order = order.and(orderOnThis);
            int asked = Math.min(z3Queries, problem.queries().size());
            if (asked > 0) {
                Run z3OnThis = run(SolverKind.Z3, problem, asked);
                reportDisagreements(orderOnThis.statuses(), z3OnThis.statuses());
                z3 = z3.and(z3OnThis);
            }
        }
        report(label, order, z3, speedUps);
    }

    /** One table row per solver that asked anything, and Z3's speed against the order solver's on the queries both asked. */
    private static void report(String label, Run order, Run z3, List<String> speedUps) {
        print(label, SolverKind.ORDER, order);
        if (z3.statuses().length > 0) {
            print(label, SolverKind.Z3, z3);
            double[] orderOnZ3Queries = Arrays.copyOf(order.cpuMillis(), z3.cpuMillis().length);
            speedUps.add(String.format("%s, %d queries: median CPU time z3 / order = %.0f", label, z3.statuses().length,
                    median(z3.cpuMillis()) / median(orderOnZ3Queries))
                    + (Arrays.asList(z3.statuses()).contains(Answer.Status.UNKNOWN) ? " (a lower bound: z3 hit its time limit)" : ""));
        }
    }

    /**
     * Both solvers on {@code queries} of the trace's seed queries, spread evenly over them, asked as
     * MCR asks them: the model built in full or lazily as {@link McrStrategy#largestFullModel} says
     * for the solver, each query through {@link CausalModel#check} (refinement rounds included).
     */
    private static void compareAsMcr(Trace trace, String program, int queries, int z3Queries, List<String> speedUps) {
        Run order = asMcr(trace, SolverKind.ORDER, queries);
        Run z3 = z3Queries > 0 ? asMcr(trace, SolverKind.Z3, Math.min(queries, z3Queries)) : Run.EMPTY;
        reportDisagreements(order.statuses(), z3.statuses());
        report(trace.size() + " events, " + program, order, z3, speedUps);
    }

    private static Run asMcr(Trace trace, SolverKind kind, int most) {
        CausalModel model = new CausalModel(trace, MemoryModel.SC, new BitSet(), 0);
        if (model.encodingSize() > McrStrategy.largestFullModel(kind)) {
            model.encodeLazily();
        }
        List<SeedQuery> all = model.queries();
        List<List<Formula>> asked = new ArrayList<>();
        double stride = Math.max(1.0, all.size() / (double) most);
        for (double q = 0; q < all.size() && asked.size() < most; q += stride) {
            asked.add(model.assumptions(all.get((int) q)));
        }
        try (OrderSolver solver = kind.create()) {
            long start = System.nanoTime();
            for (Formula constraint : model.baseConstraints()) {
                solver.add(constraint);
            }
            double addMillis = (System.nanoTime() - start) / 1e6;
            return timed(asked, assumptions -> model.check(solver, assumptions, new QueryLimits(QUERY_LIMIT_MILLIS, 0)), addMillis);
        }
    }

    /** Per-query outcomes and times, in query order, and the time to add the base constraints. */
    private record Run(Answer.Status[] statuses, double[] millis, double[] cpuMillis, double addMillis) {
        static final Run EMPTY = new Run(new Answer.Status[0], new double[0], new double[0], 0);

        Run and(Run more) {
            Answer.Status[] s = Arrays.copyOf(statuses, statuses.length + more.statuses.length);
            System.arraycopy(more.statuses, 0, s, statuses.length, more.statuses.length);
            return new Run(s, concat(millis, more.millis), concat(cpuMillis, more.cpuMillis), addMillis + more.addMillis);
        }

        private static double[] concat(double[] a, double[] b) {
            double[] joined = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, joined, a.length, b.length);
            return joined;
        }
    }

    private static Run run(SolverKind kind, McrProblems.Problem problem, int queries) {
        try (OrderSolver solver = kind.create()) {
            long start = System.nanoTime();
            for (Formula constraint : problem.base()) {
                solver.add(constraint);
            }
            double addMillis = (System.nanoTime() - start) / 1e6;
            return timed(problem.queries().subList(0, queries), assumptions -> solver.check(assumptions, new QueryLimits(QUERY_LIMIT_MILLIS, 0)), addMillis);
        }
    }

    /** Asks each query in turn, timing it in wall-clock and CPU time. */
    private static Run timed(List<List<Formula>> queries, Function<List<Formula>, Answer> ask, double addMillis) {
        double[] millis = new double[queries.size()];
        double[] cpuMillis = new double[queries.size()];
        Answer.Status[] statuses = new Answer.Status[queries.size()];
        for (int q = 0; q < queries.size(); q++) {
            long queryStart = System.nanoTime();
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            Answer answer = ask.apply(queries.get(q));
            millis[q] = (System.nanoTime() - queryStart) / 1e6;
            cpuMillis[q] = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e6;
            statuses[q] = answer.status();
        }
        return new Run(statuses, millis, cpuMillis, addMillis);
    }

    private static void print(String label, SolverKind kind, Run run) {
        int[] counts = new int[Answer.Status.values().length];
        for (Answer.Status status : run.statuses()) {
            counts[status.ordinal()]++;
        }
        double[] millis = run.millis().clone();
        double[] cpu = run.cpuMillis().clone();
        Arrays.sort(millis);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "| %s | %s | %d | %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f |%n", label, kind.cliName(),
                millis.length, counts[0], counts[1], counts[2], percentile(millis, 0.5), percentile(millis, 0.99),
                millis[millis.length - 1], percentile(cpu, 0.5), percentile(cpu, 0.99), run.addMillis());
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return percentile(sorted, 0.5);
    }

    /** Nearest-rank percentile of sorted values. */
    private static double percentile(double[] sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static void reportDisagreements(Answer.Status[] order, Answer.Status[] z3) {
        for (int q = 0; q < z3.length; q++) {
            boolean bothKnown = order[q] != Answer.Status.UNKNOWN && z3[q] != Answer.Status.UNKNOWN;
            if (bothKnown && order[q] != z3[q]) {
                System.out.println("DISAGREEMENT on query " + q + ": order " + order[q] + ", z3 " + z3[q]);
            }
        }
    }
}
