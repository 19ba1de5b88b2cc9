package dev.weft.solver;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Checks a model independently of any solver: evaluates formulas on an event order. */
final class FormulaEvaluator {

    private final Map<Integer, Integer> position = new HashMap<>();

    FormulaEvaluator(int[] order) {
        for (int i = 0; i < order.length; i++) {
            if (position.put(order[i], i) != null) {
                throw new AssertionError("event " + order[i] + " appears twice in the order");
            }
        }
    }

    boolean holds(Formula formula) {
        if (formula instanceof Formula.Before before) {
            return positionOf(before.before()) < positionOf(before.after());
        }
        if (formula instanceof Formula.And and) {
            return and.parts().stream().allMatch(this::holds);
        }
        return ((Formula.Or) formula).parts().stream().anyMatch(this::holds);
    }

    boolean holdsAll(List<Formula> formulas) {
        return formulas.stream().allMatch(this::holds);
    }

    private int positionOf(int event) {
        Integer at = position.get(event);
        if (at == null) {
            throw new AssertionError("event " + event + " is missing from the order");
        }
        return at;
    }
}
