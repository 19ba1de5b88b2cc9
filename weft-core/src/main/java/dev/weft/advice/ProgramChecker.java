package dev.weft.advice;

import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.util.List;
import java.util.function.Function;

/**
 * The advisor's explorations of a program on a classpath: each instruments the program afresh with
 * its fixes (on top of those the user gave) and explores it with a fresh strategy, all within one
 * deadline.
 *
 * @param base          the fixes the user asked for ({@code --assume-volatile}, {@code --fence}), kept in every check
 * @param strategies    a fresh strategy for a model
 * @param configs       how each run is made under a model (loop bound, spurious wake-ups), without its stop
 * @param maxExecutions runs per exploration, 0 for no limit
 */
public record ProgramChecker(String classpath, String mainClass, List<String> args, VirtualFixes base,
                             Function<MemoryModel, Strategy> strategies, Function<MemoryModel, RunConfig> configs,
                             long maxExecutions, Deadline deadline) implements FixAdvisor.Checker {

    @Override
    public ExplorationResult check(MemoryModel model, VirtualFixes fixes, boolean allBugs) {
        InstrumentedProgram program;
        try {
            program = InstrumentedProgram.open(classpath, mainClass, args, base.plus(fixes));
        } catch (BadProgramException e) {
            // The program opened without these fixes, so a fix the advisor made names something it cannot change (a final field).
            String failure = "the program cannot be checked" + (fixes.isEmpty() ? "" : " with " + fixes.describe()) + ": " + e.getMessage();
            return new ExplorationResult(strategies.apply(model).name(), Verdict.ERROR, Stop.ERROR, 0, 0, 0, 0, List.of(), failure,
                    List.of(IncompleteReason.of("error", failure)));
        }
        ControlledExecutor runner = new ControlledExecutor(program, configs.apply(model).withStop(deadline));
        return new Explorer(runner, strategies.apply(model), new ExplorationLimits(maxExecutions, null, allBugs), null, deadline).explore();
    }
}
