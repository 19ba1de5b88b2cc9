package dev.weft.solver;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;

/** Walks over formulas shared by the backends. */
final class Formulas {

    private Formulas() {
    }

    /** Adds every event an atom of {@code formula} mentions; visits each shared sub-formula once. */
    static void collectEvents(Formula formula, IntConsumer events) {
        if (addIfFlat(formula, events)) {
            return;
        }
        Set<Formula> visited = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Formula> pending = new ArrayDeque<>();
        pending.push(formula);
        while (!pending.isEmpty()) {
            Formula next = pending.pop();
            if (!visited.add(next)) {
                continue;
            }
            if (addIfFlat(next, events)) {
                continue;
            } else if (next instanceof Formula.And and) {
                and.parts().forEach(pending::push);
            } else {
                ((Formula.Or) next).parts().forEach(pending::push);
            }
        }
    }

    /** Handles atoms and And/Or nodes of atoms (most constraints) without the bookkeeping of sharing. */
    private static boolean addIfFlat(Formula formula, IntConsumer events) {
        if (formula instanceof Formula.Before before) {
            events.accept(before.before());
            events.accept(before.after());
            return true;
        }
        List<Formula> parts = formula instanceof Formula.And and ? and.parts() : ((Formula.Or) formula).parts();
        for (Formula part : parts) {
            if (!(part instanceof Formula.Before)) {
                return false;
            }
        }
        for (Formula part : parts) {
            addIfFlat(part, events);
        }
        return true;
    }
}
