package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Exhaustive depth-first enumeration of every interleaving: every scheduling point is a choice
 * (under TSO/PSO every pending flush is a choice of its own), no reduction. Stateless: each run
 * replays the path to the deepest open branch and takes its next alternative.
 */
public final class DfsStrategy implements Strategy {

    /** One scheduling point on the current path: what was enabled there and which choice the path takes. */
    private static final class Branch {
        final List<Choice> enabled;
        int taken;

        Branch(List<Choice> enabled) {
            this.enabled = enabled;
        }
    }

    private final List<Branch> path = new ArrayList<>();
    private boolean started;

    @Override
    public String name() {
        return "dfs";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (started && !advance()) {
            return null;
        }
        started = true;
        return this::choose;
    }

    /** Moves to the next unexplored path: drop exhausted branches from the end, take the next alternative. */
    private boolean advance() {
        while (!path.isEmpty()) {
            Branch last = path.get(path.size() - 1);
            if (last.taken + 1 < last.enabled.size()) {
                last.taken++;
                return true;
            }
            path.remove(path.size() - 1);
        }
        return false;
    }

    private Choice choose(SchedulingPoint point) {
        int depth = point.steps();
        if (depth == path.size()) {
            path.add(new Branch(List.copyOf(point.enabled())));
        }
        Branch branch = path.get(depth);
        return branch.enabled.get(branch.taken);
    }

    @Override
    public void runFinished(RunResult result) {
        // The path already records everything the next run needs.
    }

    @Override
    public boolean exhaustive() {
        return true;
    }

    @Override
    public long pending() {
        long open = 0;
        for (Branch b : path) {
            open += b.enabled.size() - 1 - b.taken;
        }
        return open;
    }
}
