package dev.weft.bench.runtime;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Issue 2's engine benchmark: executions per second of exhaustive {@code dfs} on a small program
 * ({@link perf.TenAccesses}), and the slowdown of one controlled run against a plain run of a
 * program with 10^5 shared accesses ({@link perf.ManyAccesses}). Medians over repetitions, after
 * warm-up. Arguments: {@code [repetitions]} (default 5).
 */
public final class RuntimeBenchmark {
    /**
     * Plain and controlled runs of ManyAccesses before the measured ones. The first controlled runs in
     * a JVM still compile the hooks' array paths and took 3 to 25 times as long as later ones; after a
     * single warm-up run, the median of three measured runs was often one of them.
     */
    private static final int MANY_WARM_UP_RUNS = 5;

    private RuntimeBenchmark() {
    }

    public static void main(String[] args) throws Throwable {
        int repetitions = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String classpath = BenchmarkPrograms.codeSource(perf.TenAccesses.class);

        InstrumentedProgram small = InstrumentedProgram.open(classpath, "perf.TenAccesses", List.of());
        ControlledExecutor smallRunner = new ControlledExecutor(small, RunConfig.of(MemoryModel.SC));
        new Explorer(smallRunner, new DfsStrategy(), new ExplorationLimits(200, null, false), null).explore();
        double[] runsPerSecond = new double[repetitions];
        long runs = 0;
        for (int i = 0; i < repetitions; i++) {
            ExplorationResult r = new Explorer(smallRunner, new DfsStrategy(), new ExplorationLimits(2000, null, false), null).explore();
            runs = r.executions();
            runsPerSecond[i] = r.executions() / r.seconds();
        }
        System.out.printf(Locale.ROOT, "dfs on perf.TenAccesses: %d runs per exploration (%s), median %.0f runs/s%n",
                runs, runs < 2000 ? "complete" : "cut at 2000", median(runsPerSecond));

        InstrumentedProgram many = InstrumentedProgram.open(classpath, "perf.ManyAccesses", List.of());
        ControlledExecutor manyRunner = new ControlledExecutor(many, RunConfig.of(MemoryModel.SC).withStepBound(10_000_000));
        Method plainMain = perf.ManyAccesses.class.getMethod("main", String[].class);
        double[] plain = new double[repetitions];
        double[] controlled = new double[repetitions];
        int events = 0;
        for (int i = -MANY_WARM_UP_RUNS; i < repetitions; i++) {
            long start = System.nanoTime();
            plainMain.invoke(null, (Object) new String[0]);
            double plainSeconds = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            RunResult run = manyRunner.run(ContinuationPolicy.INSTANCE);
            double controlledSeconds = (System.nanoTime() - start) / 1e9;
            if (run.status() != RunResult.Status.COMPLETED) {
                throw new IllegalStateException("controlled run ended " + run.status() + ": " + run.detail());
            }
            events = run.trace().size();
            if (i >= 0) {
                plain[i] = plainSeconds;
                controlled[i] = controlledSeconds;
            }
        }
        System.out.printf(Locale.ROOT, "perf.ManyAccesses: %d events; plain run median %.4f s, controlled run median %.3f s, slowdown %.0fx%n",
                events, median(plain), median(controlled), median(controlled) / median(plain));
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
