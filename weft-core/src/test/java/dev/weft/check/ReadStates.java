package dev.weft.check;

import dev.weft.causal.ReadSignature;
import dev.weft.explore.ExplorationResult;
import dev.weft.report.ProgramSpec;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.trace.RunResult;
import dev.weft.trace.VirtualFixes;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/** A check's result with the read state ({@link ReadSignature}) of every run that ran (neither stopped nor refused). */
record ReadStates(ExplorationResult result, Set<ReadSignature> states) {

    /** The bugs found, by kind and place. */
    Set<String> bugs() {
        return result.bugs().stream().map(found -> found.bug().kind() + "@" + found.bug().location())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Checks {@code program} as {@code settings} say. Checks compared by read state must share one opened program: a read
     * state names threads and objects by the ids the program's name tables give out as runs first meet them.
     */
    static ReadStates check(ProgramUnderTest program, UnaryOperator<CheckRequest.Builder> settings) throws Exception {
        Set<ReadSignature> states = ConcurrentHashMap.newKeySet();
        CheckRequest.Builder builder = CheckRequest.forProgram(
                        new ProgramSpec(List.of(RealRuns.examplesClasspath()), "program", List.of(), VirtualFixes.NONE), () -> program)
                .allBugs(true).races(false)
                .observeRuns(run -> {
                    if (run.status() != RunResult.Status.STOPPED && run.status() != RunResult.Status.UNSUPPORTED) {
                        states.add(ReadSignature.of(run.trace()));
                    }
                });
        return new ReadStates(Checker.check(settings.apply(builder).build()).exploration(), states);
    }
}
