package dev.weft.check;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.runtime.ProgramRunner;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.report.ScheduleFile;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/** Explores the bundled example programs for real: instrumented, under the controlled runtime. */
final class RealRuns {

    private RealRuns() {
    }

    /** What one exploration saw: its result and the outcome of every run (final statics, or the bug). */
    record Exploration(ExplorationResult result, Set<String> outcomes) {
    }

    static String examplesClasspath() {
        return classpathOf(examples.Catalog.class);
    }

    /** The class path entry (directory or jar) {@code type} was loaded from. */
    static String classpathOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Replays a saved schedule file as {@code weft replay} does: the program, settings and inputs it names, choice by choice. */
    static RunResult replay(Path scheduleFile) throws Exception {
        ScheduleFile schedule = ScheduleFile.read(scheduleFile);
        InstrumentedProgram program = InstrumentedProgram.open(String.join(File.pathSeparator, schedule.program().classpath()),
                schedule.program().mainClass(), schedule.program().args());
        return new ControlledExecutor(program, schedule.runConfig()).run(schedule.replayPolicy(program.symbols()));
    }

    static Exploration explore(String mainClass, MemoryModel model, Strategy strategy, long runLimit, boolean allBugs) throws Exception {
        return explore(examplesClasspath(), mainClass, List.of(), model, strategy, runLimit, allBugs);
    }

    static Exploration explore(String classpath, String mainClass, List<String> args, MemoryModel model, Strategy strategy,
                               long runLimit, boolean allBugs) throws Exception {
        return explore(InstrumentedProgram.open(classpath, mainClass, args), model, strategy, runLimit, allBugs);
    }

    static Exploration explore(InstrumentedProgram program, MemoryModel model, Strategy strategy, long runLimit, boolean allBugs) {
        return explore(program, model, strategy, new ExplorationLimits(runLimit, null, allBugs), run -> List.of(run.outcome()));
    }

    /** Explores within {@code limits}, recording the outcomes {@code outcomes} makes of every run (replays of bugs included). */
    static Exploration explore(InstrumentedProgram program, MemoryModel model, Strategy strategy, ExplorationLimits limits,
                               Function<RunResult, Collection<String>> outcomes) {
        return explore(program, RunConfig.of(model), strategy, limits, outcomes);
    }

    /** As above, with runs made as {@code config} says. */
    static Exploration explore(InstrumentedProgram program, RunConfig config, Strategy strategy, ExplorationLimits limits,
                               Function<RunResult, Collection<String>> outcomes) {
        // As a check does: the java.util.concurrent classes the program uses run instrumented.
        Set<String> jdk = program.jdkToInstrument(config.instrumentedJdk());
        try {
            return program.withJdkInstrumented(jdk, () -> exploreAsIs(program, config.withInstrumentedJdk(jdk), strategy, limits, outcomes));
        } catch (dev.weft.instrument.BadProgramException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Exploration exploreAsIs(InstrumentedProgram program, RunConfig config, Strategy strategy, ExplorationLimits limits,
                                           Function<RunResult, Collection<String>> outcomes) {
        ControlledExecutor executor = new ControlledExecutor(program, config);
        Set<String> seen = new TreeSet<>();
        ProgramRunner recording = policy -> {
            RunResult run = executor.run(policy);
            seen.addAll(outcomes.apply(run));
            return run;
        };
        ExplorationResult result = new Explorer(recording, strategy, limits, null).explore();
        return new Exploration(result, seen);
    }
}
