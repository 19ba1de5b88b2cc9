package dev.weft.solver;

import java.util.Arrays;

/**
 * A directed graph over events that stays acyclic, with a topological order maintained under edge
 * insertion. Every edge carries the solver literal that put it there, so a rejected edge can report
 * the literals of the cycle it would close. Edges are removed in the reverse order of insertion
 * (the solver backtracks its trail), and removal never invalidates the topological order.
 */
final class OrderGraph {

    private int nodeCount;
    /** position of each node in the topological order, and the node at each position. */
    private int[] position = new int[16];
    private int[] nodeAt = new int[16];
    private IntVec[] outTargets = new IntVec[16];
    private IntVec[] outLiterals = new IntVec[16];
    private IntVec[] inSources = new IntVec[16];

    private int[] forwardMark = new int[16];
    private int[] backwardMark = new int[16];
    private int[] parentNode = new int[16];
    private int[] parentLiteral = new int[16];
    private int searchEpoch;
    private final IntVec queue = new IntVec();
    private final IntVec forwardSet = new IntVec();
    private final IntVec backwardSet = new IntVec();
    private final IntVec cycle = new IntVec();

    /** Adds a node at the end of the topological order; returns its number. */
    int addNode() {
        if (nodeCount == position.length) {
            int capacity = nodeCount * 2;
            position = Arrays.copyOf(position, capacity);
            nodeAt = Arrays.copyOf(nodeAt, capacity);
            outTargets = Arrays.copyOf(outTargets, capacity);
            outLiterals = Arrays.copyOf(outLiterals, capacity);
            inSources = Arrays.copyOf(inSources, capacity);
            forwardMark = Arrays.copyOf(forwardMark, capacity);
            backwardMark = Arrays.copyOf(backwardMark, capacity);
            parentNode = Arrays.copyOf(parentNode, capacity);
            parentLiteral = Arrays.copyOf(parentLiteral, capacity);
        }
        int node = nodeCount++;
        position[node] = node;
        nodeAt[node] = node;
        outTargets[node] = new IntVec();
        outLiterals[node] = new IntVec();
        inSources[node] = new IntVec();
        return node;
    }

    int nodeCount() {
        return nodeCount;
    }

    int nodeAt(int topologicalPosition) {
        return nodeAt[topologicalPosition];
    }

    /** Does the current topological order put {@code from} before {@code to}? */
    boolean ordered(int from, int to) {
        return position[from] < position[to];
    }

    /**
     * Adds {@code from → to} unless it closes a cycle. On success returns true; otherwise leaves the
     * graph unchanged, returns false, and {@link #cycleLiterals()} holds the literals of the cycle's
     * edges (the new edge's literal included).
     */
    // Pearce & Kelly, "A Dynamic Topological Sort Algorithm for Directed Acyclic Graphs" (JEA 2006),
    // algorithm PK; departs from it by searching forward breadth-first so a cycle found is the
    // shortest one through the new edge (shorter learned clauses), and by stopping at the first cycle.
    boolean addEdge(int from, int to, int literal) {
        int upper = position[from];
        int lower = position[to];
        if (lower > upper) {
            insert(from, to, literal);
            return true;
        }
        searchEpoch++;
        if (!searchForward(to, from, upper)) {
            collectCycle(from, to, literal);
            return false;
        }
        searchBackward(from, lower);
        reorder();
        insert(from, to, literal);
        return true;
    }

    /** After a rejected {@link #addEdge}: the literals of the edges on the cycle. */
    IntVec cycleLiterals() {
        return cycle;
    }

    /** Removes the most recently inserted edge leaving {@code from} (which enters {@code to}). */
    void removeLastEdge(int from, int to) {
        outTargets[from].removeLast();
        outLiterals[from].removeLast();
        inSources[to].removeLast();
    }

    private void insert(int from, int to, int literal) {
        outTargets[from].add(to);
        outLiterals[from].add(literal);
        inSources[to].add(from);
    }

    /** Breadth-first from {@code start} over nodes placed before {@code upper}; false if it reaches {@code target}. */
    private boolean searchForward(int start, int target, int upper) {
        forwardSet.clear();
        queue.clear();
        forwardMark[start] = searchEpoch;
        forwardSet.add(start);
        queue.add(start);
        for (int head = 0; head < queue.size(); head++) {
            int node = queue.get(head);
            IntVec targets = outTargets[node];
            IntVec literals = outLiterals[node];
            for (int i = 0; i < targets.size(); i++) {
                int next = targets.get(i);
                if (forwardMark[next] == searchEpoch || position[next] > upper) {
                    continue;
                }
                forwardMark[next] = searchEpoch;
                parentNode[next] = node;
                parentLiteral[next] = literals.get(i);
                if (next == target) {
                    return false;
                }
                forwardSet.add(next);
                queue.add(next);
            }
        }
        return true;
    }

    private void searchBackward(int start, int lower) {
        backwardSet.clear();
        queue.clear();
        backwardMark[start] = searchEpoch;
        backwardSet.add(start);
        queue.add(start);
        for (int head = 0; head < queue.size(); head++) {
            IntVec sources = inSources[queue.get(head)];
            for (int i = 0; i < sources.size(); i++) {
                int previous = sources.get(i);
                if (backwardMark[previous] == searchEpoch || position[previous] < lower) {
                    continue;
                }
                backwardMark[previous] = searchEpoch;
                backwardSet.add(previous);
                queue.add(previous);
            }
        }
    }

    /** Moves the nodes that reach the new edge's source before those reachable from its target, reusing their positions. */
    private void reorder() {
        long[] backward = byPosition(backwardSet);
        long[] forward = byPosition(forwardSet);
        int[] slots = new int[backward.length + forward.length];
        int count = 0;
        for (long entry : backward) {
            slots[count++] = (int) (entry >>> 32);
        }
        for (long entry : forward) {
            slots[count++] = (int) (entry >>> 32);
        }
        Arrays.sort(slots);
        int slot = 0;
        for (long entry : backward) {
            place((int) entry, slots[slot++]);
        }
        for (long entry : forward) {
            place((int) entry, slots[slot++]);
        }
    }

    private long[] byPosition(IntVec nodes) {
        long[] entries = new long[nodes.size()];
        for (int i = 0; i < entries.length; i++) {
            int node = nodes.get(i);
            entries[i] = ((long) position[node] << 32) | node;
        }
        Arrays.sort(entries);
        return entries;
    }

    private void place(int node, int newPosition) {
        position[node] = newPosition;
        nodeAt[newPosition] = node;
    }

    private void collectCycle(int from, int to, int literal) {
        cycle.clear();
        cycle.add(literal);
        for (int node = from; node != to; node = parentNode[node]) {
            cycle.add(parentLiteral[node]);
        }
    }
}
