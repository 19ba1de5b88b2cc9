package dev.weft.causal;

import dev.weft.trace.Choice;
import java.io.Serializable;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A schedule kept as runs of one repeated choice. A seed of a long trace is mostly one thread's
 * steps in a row, and one run of MCR can keep thousands of such seeds: one object per choice
 * would not fit in memory. Serializable in this form: weft-cluster sends seeds to other JVMs.
 */
final class ChoiceRuns extends AbstractList<Choice> implements Serializable {
    private final List<Choice> runChoices = new ArrayList<>();
    /** For each run, the index just after its last choice. */
    private int[] runEnds = new int[4];
    private int size;

    @Override
    public boolean add(Choice choice) {
        int runs = runChoices.size();
        if (runs > 0 && runChoices.get(runs - 1).equals(choice)) {
            runEnds[runs - 1] = ++size;
        } else {
            if (runs == runEnds.length) {
                runEnds = Arrays.copyOf(runEnds, runs * 2);
            }
            runChoices.add(choice);
            runEnds[runs] = ++size;
        }
        return true;
    }

    @Override
    public Choice get(int index) {
        Objects.checkIndex(index, size);
        int low = 0;
        int high = runChoices.size() - 1;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (runEnds[middle] <= index) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return runChoices.get(low);
    }

    @Override
    public int size() {
        return size;
    }
}
