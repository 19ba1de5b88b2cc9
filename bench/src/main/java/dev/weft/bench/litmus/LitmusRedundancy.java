package dev.weft.bench.litmus;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.causal.ReadSignature;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.Limits;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import examples.Catalog;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs against distinct states on the litmus tests (issue 4, mcr-tso-pso §4.6): for every litmus
 * program and memory model, how many runs MCR makes, how many distinct outcomes and distinct
 * read signatures (the values every read returned) those runs have, and how many runs exhaustive
 * DPOR needs. A run whose read signature repeats an earlier one is redundant in the papers' sense.
 *
 * <pre>java -cp "$CP" dev.weft.bench.litmus.LitmusRedundancy</pre>
 */
public final class LitmusRedundancy {
    private static final long RUN_LIMIT = 10_000;

    /** One exploration's counts. */
    record Counts(long runs, int outcomes, int signatures, boolean complete) {
    }

    private LitmusRedundancy() {
    }

    public static void main(String[] args) throws Exception {
        print(System.out);
    }

    static void print(PrintStream out) throws Exception {
        out.println("| program | model | mcr runs | distinct outcomes | distinct read signatures | redundant runs | dpor runs |");
        out.println("|---|---|---:|---:|---:|---:|---:|");
        long runs = 0;
        long redundant = 0;
        for (Catalog.Entry entry : Catalog.examples()) {
            if (!entry.className().startsWith("examples.litmus.")) {
                continue;
            }
            MemoryModel model = MemoryModel.valueOf(entry.memoryModel().toUpperCase(Locale.ROOT));
            Counts mcr = explore(entry.className(), model, new McrStrategy(SolverKind.ORDER, model, dev.weft.solver.Limits.NONE));
            Counts dpor = explore(entry.className(), model, new DporStrategy(model));
            runs += mcr.runs();
            redundant += mcr.runs() - mcr.signatures();
            out.printf("| %s | %s | %d%s | %d | %d | %d | %d%s |%n", entry.className().substring("examples.litmus.".length()),
                    entry.memoryModel(), mcr.runs(), mark(mcr), mcr.outcomes(), mcr.signatures(), mcr.runs() - mcr.signatures(),
                    dpor.runs(), mark(dpor));
        }
        out.printf("%nMCR: %d runs in all, %d of them redundant (a read signature seen before).%n", runs, redundant);
    }

    private static String mark(Counts counts) {
        return counts.complete() ? "" : " (incomplete)";
    }

    static Counts explore(String mainClass, MemoryModel model, Strategy strategy) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(BenchmarkPrograms.codeSource(Catalog.class), mainClass, List.of());
        ControlledExecutor executor = new ControlledExecutor(program, RunConfig.of(model));
        Set<String> outcomes = new HashSet<>();
        Set<ReadSignature> signatures = new HashSet<>();
        ExplorationResult result = new Explorer(policy -> {
            RunResult run = executor.run(policy);
            outcomes.add(run.outcome());
            signatures.add(ReadSignature.of(run.trace()));
            return run;
        }, strategy, new Limits(RUN_LIMIT, null, true), null).explore();
        return new Counts(result.executions(), outcomes.size(), signatures.size(), result.complete());
    }
}
