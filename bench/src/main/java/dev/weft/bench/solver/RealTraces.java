package dev.weft.bench.solver;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.causal.CausalModel;
import dev.weft.causal.SeedQuery;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.Formula;
import dev.weft.solver.McrProblems;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import examples.Catalog;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * MCR's queries on real traces: the first run of every catalogued benchmark program under its
 * memory model, turned into its causal model's base constraints and the assumptions of every seed
 * query, exactly as {@code dev.weft.causal.Seeds} asks them.
 */
final class RealTraces {
    private RealTraces() {
    }

    static List<McrProblems.Problem> problems() throws Exception {
        List<McrProblems.Problem> problems = new ArrayList<>();
        for (Catalog.Entry entry : BenchmarkPrograms.catalogue()) {
            MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
            McrProblems.Problem problem = firstRun(entry.className(), List.of(), model, Integer.MAX_VALUE);
            if (!problem.queries().isEmpty()) {
                problems.add(problem);
            }
        }
        return problems;
    }

    /**
     * The first run of {@code perf.BankRounds} with {@code rounds} rounds under SC, and at most
     * {@code queries} of its seed queries, spread evenly over the trace.
     */
    static McrProblems.Problem bankRounds(int rounds, int queries) throws Exception {
        return firstRun("perf.BankRounds", List.of(Integer.toString(rounds)), MemoryModel.SC, queries);
    }

    private static McrProblems.Problem firstRun(String className, List<String> args, MemoryModel model, int most) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(BenchmarkPrograms.classpath(), className, args);
        RunResult run = new ControlledExecutor(program, RunConfig.of(model)).run(ContinuationPolicy.INSTANCE);
        CausalModel causal = new CausalModel(run.trace(), model, new BitSet(), 0);
        List<SeedQuery> all = causal.queries();
        List<List<Formula>> queries = new ArrayList<>();
        double stride = Math.max(1.0, all.size() / (double) most);
        for (double q = 0; q < all.size() && queries.size() < most; q += stride) {
            List<Formula> assumptions = causal.assumptions(all.get((int) q));
            if (!assumptions.contains(Formula.FALSE)) {
                queries.add(assumptions);
            }
        }
        return new McrProblems.Problem(run.trace().size(), causal.baseConstraints(), queries);
    }
}
