package dev.weft.explore;

import dev.weft.trace.Choice;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Depth-first walk over a tree of choices, without storing the tree: only the path to the current
 * run's leaf, one branch point per choice, each with its alternatives and the one this run takes.
 * A tree can be split ({@link #split}) into two that walk disjoint sets of leaves.
 */
final class ChoiceTree {

    private static final class Branch {
        List<Choice> alternatives;
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

    /**
     * Splits off the alternatives not taken yet at the shallowest branch point that has any: the tree
     * returned walks them (its path above that point fixed to this tree's choices) and this tree
     * no longer does. The run in progress keeps its choices. Null when no alternative is open.
     */
    ChoiceTree split() {
        for (int depth = 0; depth < path.size(); depth++) {
            Branch open = path.get(depth);
            if (open.taken + 1 < open.alternatives.size()) {
                ChoiceTree share = new ChoiceTree();
                for (int above = 0; above < depth; above++) {
                    Branch fixed = path.get(above);
                    share.path.add(new Branch(List.of(fixed.alternatives.get(fixed.taken))));
                }
                share.path.add(new Branch(List.copyOf(open.alternatives.subList(open.taken + 1, open.alternatives.size()))));
                open.alternatives = List.copyOf(open.alternatives.subList(0, open.taken + 1));
                return share;
            }
        }
        return null;
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
