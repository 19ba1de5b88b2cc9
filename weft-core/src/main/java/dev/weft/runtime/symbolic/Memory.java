package dev.weft.runtime.symbolic;

import java.util.HashMap;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The last value the shadow saw written to each field and array element, with its expression: the
 * write a read returns under sequential consistency, since Weft runs one thread at a time and the
 * shadow records a write right after it happens. A read whose value differs from the recorded one,
 * or that finds none where a symbolic value may have been written, was written by code the shadow
 * does not see (the JDK): it is concretised and recorded.
 */
final class Memory {
    /** A field of an object (holder compared by identity), a static field (holder null), or an array element. */
    private record Address(Object holder, Object member) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Address a && a.holder == holder && a.member.equals(member);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(holder) * 31 + member.hashCode();
        }
    }

    private record Cell(Expr value, long concrete) {
    }

    private final Map<Address, Cell> cells = new HashMap<>();
    /** Fields (by name) and "array element" that got a symbolic value somewhere. */
    private final Set<String> symbolicTargets = new HashSet<>();
    /** Arrays the program made while the shadow watched: an element it saw no write of still holds its zero. */
    private final Set<Object> freshArrays = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Whether any field or element got a symbolic value in this run. */
    boolean holdsSymbolic() {
        return !symbolicTargets.isEmpty();
    }

    void fresh(Object array) {
        freshArrays.add(array);
    }

    void write(Object holder, Object member, String target, Expr value, long concrete) {
        cells.put(new Address(holder, member), new Cell(value, concrete));
        if (Expr.isSymbolic(value)) {
            symbolicTargets.add(target);
        }
    }

    /** The expression of the value read ({@code concrete} in this run), or null when the shadow cannot tell it. */
    Expr read(Object holder, Object member, String target, long concrete, int bits) {
        Cell cell = cells.get(new Address(holder, member));
        if (cell != null && cell.concrete == concrete) {
            return cell.value;
        }
        if (cell == null && (!symbolicTargets.contains(target) || freshArrays.contains(holder))) {
            // the initial value: no code ever wrote a symbolic value there, or a fresh array's untouched zero
            return new Expr.Const(concrete, bits);
        }
        return null;
    }
}
