package dev.weft.instrument;

import java.util.List;
import java.util.Map;

/**
 * What {@link LoopVisitor} reports of one method's loops ({@link LoopFinder}): instructions are
 * numbered as {@link ControlFlow} numbers them (real instructions in code order, from 0).
 *
 * @param loops the loops to report
 * @param edges the edges into their headers, by source instruction: one entry per target of a jump
 *              or switch in the order its code names them (a switch's default last), then one for
 *              the fall-through; null where the edge goes elsewhere ({@link #METHOD_START}: one entry)
 */
record LoopPlan(List<Loop> loops, Map<Integer, Edge[]> edges) {
    static final LoopPlan NONE = new LoopPlan(List.of(), Map.of());
    /** The source of the edge into a header that is the method's first instruction, as the method starts. */
    static final int METHOD_START = -1;

    /**
     * @param header    the header instruction
     * @param pure      iterations leave state behind only in locals and recorded shared memory
     * @param changed   for a pure loop, the locals its body writes that are live at the header
     * @param enclosing the innermost reported loop around this one, as an index into {@code loops}, or -1
     */
    record Loop(int header, boolean pure, List<Local> changed, int enclosing) {
    }

    /** A local variable slot and its type's sort ({@code org.objectweb.asm.Type}) at the header. */
    record Local(int slot, int sort) {
    }

    /** An edge into loop {@code loop}'s header (an index into {@code loops}): a back edge, or an entry from outside. */
    record Edge(int loop, boolean back) {
    }

    boolean isEmpty() {
        return loops.isEmpty();
    }

    /** The edges from instruction {@code source} into reported headers, or null if it has none. */
    Edge[] edgesFrom(int source) {
        return edges.get(source);
    }
}
