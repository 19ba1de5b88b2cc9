package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;

/**
 * Exhaustive depth-first enumeration of every interleaving: every scheduling point is a choice
 * (under TSO/PSO every pending flush is a choice of its own, under JMM every reordering), no reduction. Stateless: each run
 * replays the path to the deepest open branch and takes its next alternative.
 */
public final class DfsStrategy implements Strategy {

    private final ChoiceTree tree;
    private final String name;
    private boolean started;

    public DfsStrategy() {
        this("dfs");
    }

    /** DFS for a strategy that has no reduction for the run's memory model (dpor under jmm), reported by that strategy's name. */
    DfsStrategy(String name) {
        this(new ChoiceTree(), name);
    }

    private DfsStrategy(ChoiceTree tree, String name) {
        this.tree = tree;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SchedulePolicy nextRun() {
        if (started && !tree.advance()) {
            return null;
        }
        started = true;
        return this::choose;
    }

    private Choice choose(SchedulingPoint point) {
        return tree.choose(point.steps(), () -> List.copyOf(point.enabled()));
    }

    @Override
    public void runFinished(RunResult result) {
        // The path already records everything the next run needs.
    }

    /** The open alternatives of the shallowest branch point that has any: the largest subtree left, for another worker. */
    @Override
    public Strategy split() {
        ChoiceTree share = tree.split();
        return share == null ? null : new DfsStrategy(share, name);
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        return List.of();
    }

    @Override
    public long pending() {
        return tree.open();
    }
}
