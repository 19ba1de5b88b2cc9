package dev.weft.solver;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;

/** Walks over formulas shared by the backends. */
final class Formulas {

    private Formulas() {
    }

    /** Adds every event an atom of {@code formula} mentions; visits each shared sub-formula once. */
    static void collectEvents(Formula formula, Set<Integer> events) {
        Set<Formula> visited = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Formula> pending = new ArrayDeque<>();
        pending.push(formula);
        while (!pending.isEmpty()) {
            Formula next = pending.pop();
            if (!visited.add(next)) {
                continue;
            }
            if (next instanceof Formula.Before before) {
                events.add(before.before());
                events.add(before.after());
            } else if (next instanceof Formula.And and) {
                and.parts().forEach(pending::push);
            } else {
                ((Formula.Or) next).parts().forEach(pending::push);
            }
        }
    }
}
