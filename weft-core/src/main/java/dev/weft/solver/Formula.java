package dev.weft.solver;

import java.util.List;

/**
 * A constraint over event order variables: an and/or tree (a DAG when sub-formulas are shared) whose
 * leaves are order atoms {@code O_a < O_b}. There is no negation: in a total order {@code !(a < b)}
 * is {@code b < a}. Event numbers are the caller's (trace indices for MCR).
 *
 * <p>Sub-formulas are compared by identity; sharing one object in several places (the recursive
 * validity of a write, for instance) lets a solver encode it once.
 */
public sealed interface Formula {

    Formula TRUE = new And(List.of());
    Formula FALSE = new Or(List.of());

    /** {@code O_before < O_after}. */
    record Before(int before, int after) implements Formula {
    }

    record And(List<Formula> parts) implements Formula {
    }

    record Or(List<Formula> parts) implements Formula {
    }

    /**
     * Whether the formula holds in an order, given as each event's position; an atom on an event
     * beyond {@code position} (one the order does not place) does not hold.
     */
    default boolean holdsIn(int[] position) {
        if (this instanceof Before atom) {
            return atom.before() < position.length && atom.after() < position.length
                    && position[atom.before()] < position[atom.after()];
        }
        if (this instanceof And and) {
            return and.parts().stream().allMatch(part -> part.holdsIn(position));
        }
        return ((Or) this).parts().stream().anyMatch(part -> part.holdsIn(position));
    }

    static Formula before(int a, int b) {
        return new Before(a, b);
    }

    static Formula and(List<Formula> parts) {
        return parts.size() == 1 ? parts.get(0) : new And(List.copyOf(parts));
    }

    static Formula or(List<Formula> parts) {
        return parts.size() == 1 ? parts.get(0) : new Or(List.copyOf(parts));
    }

    static Formula and(Formula... parts) {
        return and(List.of(parts));
    }

    static Formula or(Formula... parts) {
        return or(List.of(parts));
    }
}
