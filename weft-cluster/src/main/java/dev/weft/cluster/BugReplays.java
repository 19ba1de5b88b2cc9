package dev.weft.cluster;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.PrefixPolicy;
import dev.weft.explore.Strategy;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The bugs of a cluster job as the checking JVM reports them: each run that showed one, on whichever member, is run
 * again here by its schedule through an {@link Explorer}, which checks and describes its bugs as for a local check.
 * A member's bug that does not come back here is no bug of the report, but the exploration is then not complete.
 */
final class BugReplays {
    static final IncompleteReason NOT_REPRODUCED = IncompleteReason.of("bug-not-reproduced",
            "a run on another member of the cluster showed a bug that its schedule did not show again on the checking JVM");

    private BugReplays() {
    }

    /** The bugs of {@code runs} (ordered by run number), numbered by the run that showed them; {@code reasons} gets what did not reproduce. */
    static List<FoundBug> replay(ProgramRunner runner, List<SeedResult> runs, List<IncompleteReason> reasons) {
        if (runs.isEmpty()) {
            return List.of();
        }
        Strategy schedules = new Schedules(runs);
        ExplorationResult replayed = new Explorer(runner, schedules, new ExplorationLimits(0, null, true), null, Deadline.after(null))
                .explore();
        List<FoundBug> bugs = new ArrayList<>();
        for (FoundBug bug : replayed.bugs()) {
            long run = runs.get((int) bug.execution() - 1).run();
            bugs.add(new FoundBug(bug.bug(), run, bug.schedule(), bug.trace(), bug.replay(), bug.runBugs()));
        }
        if (bugs.isEmpty() || replayed.verdict() == ExplorationResult.Verdict.ERROR) {
            IncompleteReason.addTo(reasons, NOT_REPRODUCED);
        }
        return bugs;
    }

    /** The runs' schedules, one run each, in order. */
    private static final class Schedules implements Strategy {
        private final List<SeedResult> runs;
        private int next;

        Schedules(List<SeedResult> runs) {
            this.runs = runs;
        }

        @Override
        public String name() {
            return "mcr";
        }

        @Override
        public SchedulePolicy nextRun() {
            if (next == runs.size()) {
                return null;
            }
            SeedResult run = runs.get(next++);
            return new PrefixPolicy(run.schedule(), ContinuationPolicy.INSTANCE).withInputs(run.inputs());
        }

        @Override
        public void runFinished(RunResult result) {
            // The runs are fixed: nothing to learn from them.
        }

        @Override
        public List<IncompleteReason> incompleteReasons() {
            return List.of();
        }
    }
}
