package dev.weft.advice;

import dev.weft.trace.FenceKind;
import dev.weft.trace.VirtualFixes;
import java.util.Comparator;
import java.util.Set;

/**
 * One change to the program that forbids a kind of reordering at a program place: a field made
 * {@code volatile} (its writes are never buffered behind later accesses, and its accesses wait for the
 * thread's earlier writes), or a {@code VarHandle} fence before a source line.
 *
 * @param field for {@link Kind#VOLATILE}: {@code pkg.Cls.field}; else null
 * @param fence for {@link Kind#FENCE}: the fence and its line; else null
 */
public record Fix(Kind kind, String field, VirtualFixes.Fence fence) {

    public enum Kind {
        VOLATILE, FENCE;

        public String jsonName() {
            return name().toLowerCase();
        }
    }

    /** Fewer weight first, then a stable order by what the fix names. */
    static final Comparator<Fix> ORDER = Comparator.comparingInt(Fix::cost).thenComparing(Fix::toString);

    static Fix makeVolatile(String field) {
        return new Fix(Kind.VOLATILE, field, null);
    }

    static Fix fence(String file, int line, FenceKind kind) {
        return new Fix(Kind.FENCE, null, new VirtualFixes.Fence(file, line, kind));
    }

    /**
     * What "cheaper" means when two fix sets of the same size both work: a store-store (or release)
     * fence orders only stores (free on TSO hardware), a volatile field costs a full barrier after each
     * of its writes but is also a fix under the Java memory model (its accesses synchronize), and a full
     * fence costs a full barrier every time its line runs and orders no Java-level happens-before.
     */
    int cost() {
        if (kind == Kind.VOLATILE) {
            return 2;
        }
        return fence.kind() == FenceKind.FULL ? 3 : 1;
    }

    /** The program change a developer applies: "make Peterson.flag0 volatile", "VarHandle.fullFence() before Peterson.java:12". */
    public String describe() {
        return kind == Kind.VOLATILE ? "make " + shortField() + " volatile" : fence.describe();
    }

    /** The field as a developer reads it: its simple class name and name ("Peterson.flag0"). */
    private String shortField() {
        int dot = field.lastIndexOf('.');
        String owner = field.substring(0, dot);
        return owner.substring(owner.lastIndexOf('.') + 1).replace('$', '.') + field.substring(dot);
    }

    /** The fixes as the changes a check applies. */
    static VirtualFixes virtual(Set<Fix> fixes) {
        VirtualFixes all = VirtualFixes.NONE;
        for (Fix fix : fixes) {
            all = all.plus(fix.kind == Kind.VOLATILE ? new VirtualFixes(Set.of(fix.field), java.util.List.of())
                    : new VirtualFixes(Set.of(), java.util.List.of(fix.fence)));
        }
        return all;
    }

    @Override
    public String toString() {
        return kind == Kind.VOLATILE ? "volatile " + field : "fence " + fence;
    }
}
