package dev.weft.bench.solver;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.Limits;
import dev.weft.solver.McrProblems;
import dev.weft.solver.OrderSolver;
import dev.weft.solver.SolverKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Time per query of each {@link SolverKind} on generated MCR-shaped traces (see {@link McrProblems}):
 * one solver instance per trace, base constraints added once, then the trace's queries in turn.
 *
 * <p>Usage: {@code OrderSolverBenchmark [events:queries[:z3Queries] ...]} (default
 * {@code 100:60 1000:30:10 10000:8:2}): Z3 runs only the first {@code z3Queries} queries (all by
 * default, none if 0) because it takes seconds per query on large traces. Each query gets a 60 s
 * time limit. Prints one Markdown table row per size and solver.
 */
public final class OrderSolverBenchmark {

    private static final long QUERY_LIMIT_MILLIS = 60_000;
    /** CPU time next to wall time: the benchmark machine is shared, and CPU time is what contention does not inflate. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private OrderSolverBenchmark() {
    }

    public static void main(String[] args) {
        List<String> sizes = args.length > 0 ? List.of(args) : List.of("100:60", "1000:30:10", "10000:8:2");
        System.out.println("| events | solver | queries | sat | unsat | unknown | median ms | p99 ms | max ms | median CPU ms | p99 CPU ms | base add ms |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        List<String> speedUps = new ArrayList<>();
        for (String size : sizes) {
            String[] parts = size.split(":");
            int events = Integer.parseInt(parts[0]);
            int queries = Integer.parseInt(parts[1]);
            int z3Queries = parts.length > 2 ? Integer.parseInt(parts[2]) : queries;
            McrProblems.Problem problem = McrProblems.generate(new Random(events), events, 4,
                    Math.max(2, events / 100), 3, queries);
            Run order = run(SolverKind.ORDER, problem, queries);
            if (z3Queries > 0) {
                Run z3 = run(SolverKind.Z3, problem, z3Queries);
                reportDisagreements(order.statuses, z3.statuses);
                speedUps.add(String.format("%d events, first %d queries: median CPU time z3 / order = %.0f", problem.events(),
                        z3Queries, median(z3.cpuMillis, z3Queries) / median(order.cpuMillis, z3Queries))
                        + (Arrays.asList(z3.statuses()).contains(Answer.Status.UNKNOWN)
                                ? " (a lower bound: z3 hit its time limit)" : ""));
            }
        }
        System.out.println();
        speedUps.forEach(System.out::println);
    }

    /** Per-query outcomes and CPU times, in query order. */
    private record Run(Answer.Status[] statuses, double[] cpuMillis) {
    }

    private static Run run(SolverKind kind, McrProblems.Problem problem, int queries) {
        double[] millis = new double[queries];
        double[] cpuMillis = new double[queries];
        Answer.Status[] statuses = new Answer.Status[queries];
        int[] counts = new int[Answer.Status.values().length];
        try (OrderSolver solver = kind.create()) {
            long start = System.nanoTime();
            for (Formula constraint : problem.base()) {
                solver.add(constraint);
            }
            double addMillis = (System.nanoTime() - start) / 1e6;
            for (int q = 0; q < queries; q++) {
                long queryStart = System.nanoTime();
                long cpuStart = THREADS.getCurrentThreadCpuTime();
                Answer answer = solver.check(problem.queries().get(q), new Limits(QUERY_LIMIT_MILLIS, 0));
                millis[q] = (System.nanoTime() - queryStart) / 1e6;
                cpuMillis[q] = (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e6;
                statuses[q] = answer.status();
                counts[answer.status().ordinal()]++;
            }
            double[] sortedCpu = cpuMillis.clone();
            Arrays.sort(millis);
            Arrays.sort(sortedCpu);
            System.out.printf("| %d | %s | %d | %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f |%n", problem.events(),
                    kind.cliName(), queries, counts[0], counts[1], counts[2], percentile(millis, 0.5),
                    percentile(millis, 0.99), millis[queries - 1], percentile(sortedCpu, 0.5), percentile(sortedCpu, 0.99),
                    addMillis);
        }
        return new Run(statuses, cpuMillis);
    }

    private static double median(double[] values, int prefix) {
        double[] sorted = Arrays.copyOf(values, prefix);
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
