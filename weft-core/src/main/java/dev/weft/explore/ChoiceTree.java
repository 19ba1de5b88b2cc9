package dev.weft.explore;

import dev.weft.trace.Choice;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Depth-first walk over a tree of choices, without storing the tree: only the path to the current
 * run's leaf, one branch point per choice, each with its alternatives and the one this run takes.
 */
final class ChoiceTree {

    private static final class Branch {
        final List<Choice> alternatives;
        int taken;

        Branch(List<Choice> alternatives) {
            this.alternatives = alternatives;
        }
    }

    private final List<Branch> path = new ArrayList<>();

    /** The choice at branch point {@code index}; a point reached for the first time gets {@code alternatives} and takes the first. */
    Choice choose(int index, Supplier<List<Choice>> alternatives) {
        if (index == path.size()) {
            path.add(new Branch(alternatives.get()));
        }
        Branch branch = path.get(index);
        return branch.alternatives.get(branch.taken);
    }

    /** Moves to the next leaf: drops exhausted branch points from the end and takes the next alternative; false when none is left. */
    boolean advance() {
        while (!path.isEmpty()) {
            Branch last = path.get(path.size() - 1);
            if (last.taken + 1 < last.alternatives.size()) {
                last.taken++;
                return true;
            }
            path.remove(path.size() - 1);
        }
        return false;
    }

    /** Alternatives on the current path not taken yet. */
    long open() {
        long open = 0;
        for (Branch b : path) {
            open += b.alternatives.size() - 1 - b.taken;
        }
        return open;
    }
}
