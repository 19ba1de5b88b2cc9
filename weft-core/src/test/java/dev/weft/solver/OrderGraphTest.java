package dev.weft.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The incremental topological order against brute-force reachability on random edge sequences. */
class OrderGraphTest {

    private record Edge(int from, int to, int literal) {
    }

    @Test
    void acceptsExactlyTheAcyclicEdgesKeepsATopologicalOrderAndReportsTrueCycles() {
        Random random = new Random(5);
        for (int round = 0; round < 300; round++) {
            int nodes = 2 + random.nextInt(12);
            OrderGraph graph = new OrderGraph();
            for (int i = 0; i < nodes; i++) {
                graph.addNode();
            }
            List<Edge> edges = new ArrayList<>();
            for (int step = 0; step < 40; step++) {
                if (!edges.isEmpty() && random.nextInt(4) == 0) {
                    Edge last = edges.remove(edges.size() - 1);
                    graph.removeLastEdge(last.from, last.to);
                    continue;
                }
                int from = random.nextInt(nodes);
                int to = random.nextInt(nodes);
                if (from == to) {
                    continue;
                }
                Edge edge = new Edge(from, to, step);
                boolean closesCycle = reaches(edges, to, from);
                boolean added = graph.addEdge(from, to, step);
                assertEquals(!closesCycle, added, "round " + round + " step " + step);
                if (added) {
                    edges.add(edge);
                } else {
                    assertIsCycle(graph.cycleLiterals(), edges, edge);
                }
                for (Edge e : edges) {
                    assertTrue(graph.ordered(e.from, e.to), "edge " + e + " against the order");
                }
            }
        }
    }

    private static boolean reaches(List<Edge> edges, int from, int to) {
        Set<Integer> seen = new HashSet<>(List.of(from));
        List<Integer> pending = new ArrayList<>(List.of(from));
        while (!pending.isEmpty()) {
            int node = pending.remove(pending.size() - 1);
            if (node == to) {
                return true;
            }
            for (Edge e : edges) {
                if (e.from == node && seen.add(e.to)) {
                    pending.add(e.to);
                }
            }
        }
        return false;
    }

    /** The literals name the rejected edge plus present edges that lead from its target back to its source. */
    private static void assertIsCycle(IntVec literals, List<Edge> edges, Edge rejected) {
        List<Edge> cycle = new ArrayList<>();
        for (int i = 0; i < literals.size(); i++) {
            int literal = literals.get(i);
            cycle.add(literal == rejected.literal ? rejected
                    : edges.stream().filter(e -> e.literal == literal).findFirst().orElseThrow());
        }
        int node = rejected.to;
        Set<Edge> unused = new HashSet<>(cycle);
        unused.remove(rejected);
        while (node != rejected.from) {
            int at = node;
            Edge next = unused.stream().filter(e -> e.from == at).findFirst().orElseThrow(() -> new AssertionError("broken cycle " + cycle));
            unused.remove(next);
            node = next.to;
        }
        assertTrue(unused.isEmpty(), "cycle has extra edges " + unused);
    }
}
