package dev.weft.runtime;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.PrefixPolicy;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** Helpers that run test programs under the controlled executor. */
final class Runs {
    private Runs() {
    }

    /** A program whose main forks one thread per body and joins them all; registers become the outcome. */
    static TestProgram threads(TestProgram.Body... bodies) {
        return new TestProgram(t -> {
            List<Thread> started = new ArrayList<>();
            for (TestProgram.Body body : bodies) {
                started.add(t.fork(() -> {
                    try {
                        body.run(t);
                    } catch (Throwable e) {
                        throw new AssertionError(e);
                    }
                }));
            }
            for (Thread s : started) {
                t.join(s);
            }
        });
    }

    /**
     * Test programs call the hooks by hand and report no loops, so the busy-wait rule cannot hold a
     * guarded wait that wakes spuriously and waits again: they run without spurious wake-ups unless a
     * test asks for them.
     */
    static RunConfig config(MemoryModel model) {
        return RunConfig.of(model).withStuckTimeout(Duration.ofSeconds(5)).withSpuriousWakeups(false);
    }

    static RunResult once(TestProgram program, MemoryModel model) {
        return new ControlledExecutor(program, config(model)).run(ContinuationPolicy.INSTANCE);
    }

    /** Every run DFS makes (all bugs kept), in order. */
    static List<RunResult> dfs(TestProgram program, RunConfig config) {
        Exploration exploration = explore(program, config);
        if (!exploration.result().complete()) {
            throw new AssertionError("exploration incomplete: " + exploration.result());
        }
        return exploration.runs();
    }

    /** What a DFS exploration found, and the runs it made. */
    record Exploration(List<RunResult> runs, ExplorationResult result) {
    }

    /** Every run DFS makes (all bugs kept), in order, complete or not. */
    static Exploration explore(TestProgram program, RunConfig config) {
        List<RunResult> results = new ArrayList<>();
        ControlledExecutor executor = new ControlledExecutor(program, config);
        ExplorationResult exploration = new Explorer(policy -> {
            RunResult r = executor.run(policy);
            // The explorer replays the run of each new bug once more, with a prefix policy; keep only the exploring runs.
            if (!(policy instanceof PrefixPolicy)) {
                results.add(r);
            }
            return r;
        }, new DfsStrategy(), new ExplorationLimits(100_000, null, true), null).explore();
        return new Exploration(results, exploration);
    }

    static List<RunResult> dfs(TestProgram program, MemoryModel model) {
        return dfs(program, config(model));
    }

    /** The distinct final states of completed runs, rendered as their register maps. */
    static Set<String> outcomes(List<RunResult> runs) {
        Set<String> out = new TreeSet<>();
        for (RunResult r : runs) {
            if (r.status() != RunResult.Status.COMPLETED) {
                throw new AssertionError("run ended " + r.status() + ": " + r.bug() + " " + r.detail());
            }
            out.add(r.finalState().toString());
        }
        return out;
    }

    static List<Event> ofKind(RunResult r, EventKind kind) {
        return r.trace().events().stream().filter(e -> e.kind() == kind).toList();
    }
}
