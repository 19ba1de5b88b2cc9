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
import dev.weft.trace.Trace;
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
            Trace trace = firstRun(entry.className(), List.of(), model);
            CausalModel causal = new CausalModel(trace, model, new BitSet(), 0);
            List<List<Formula>> queries = new ArrayList<>();
            for (SeedQuery query : causal.queries()) {
                List<Formula> assumptions = causal.assumptions(query);
                if (!assumptions.contains(Formula.FALSE)) {
                    queries.add(assumptions);
                }
            }
            if (!queries.isEmpty()) {
                problems.add(new McrProblems.Problem(trace.size(), causal.baseConstraints(), queries));
            }
        }
        return problems;
    }

    /** The trace of the first run of {@code perf.BankRounds} with {@code rounds} rounds, under SC. */
    static Trace bankRounds(int rounds) throws Exception {
        return firstRun("perf.BankRounds", List.of(Integer.toString(rounds)), MemoryModel.SC);
    }

    private static Trace firstRun(String className, List<String> args, MemoryModel model) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(BenchmarkPrograms.classpath(), className, args);
        RunResult run = new ControlledExecutor(program, RunConfig.of(model)).run(ContinuationPolicy.INSTANCE);
        return run.trace();
    }
}
