package dev.weft.litmus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Test oracle for {@code -m jmm}, axiomatic where Weft's runtime is operational (it shares no code
 * or structure with {@code runtime.JmmViews}): enumerates candidate executions of a litmus program
 * (for each read the write it reads from, for each location a modification order, a total order S
 * of the volatile accesses and full fences) and keeps the consistent ones, in the style of RC11:
 *
 * <ul>
 *   <li>sw: a release (a release or volatile write, or a release, store-store or full fence before a
 *       write) to an acquire (an acquire or volatile read, or an acquire, load-load or full fence
 *       after a read) through a read-from edge; hb = (po | sw | S between full fences)+;</li>
 *   <li>coherence: hb;eco irreflexive, eco = (rf | mo | fr)+;</li>
 *   <li>volatiles: S is acyclic with hb, volatile writes of a location are in mo as in S, and a
 *       volatile read reads the S-latest volatile write of its location before it or a mo-later one;</li>
 *   <li>without load buffering ({@code loadBuffering} false): po | rf | S acyclic, the runs Weft's
 *       runtime explores; with it, the reads-from-the-future outcomes the JMM also allows (LB).</li>
 * </ul>
 */
public final class JmmAxioms {
    public enum Mode {
        PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE
    }

    public enum Fence {
        FULL, ACQUIRE, RELEASE, LOAD_LOAD, STORE_STORE
    }

    /** A write of {@code value}, a read into {@code register}, or a fence. */
    public record Op(char kind, String location, int value, String register, Mode mode, Fence fence) {
        public static Op write(String location, int value, Mode mode) {
            return new Op('W', location, value, null, mode, null);
        }

        public static Op read(String location, String register, Mode mode) {
            return new Op('R', location, 0, register, mode, null);
        }

        public static Op fence(Fence fence) {
            return new Op('F', null, 0, null, null, fence);
        }
    }

    /** One event: an operation of a thread, or (thread -1) a location's initial write of 0. */
    private record Node(int thread, int index, Op op) {
        boolean isWrite() {
            return op.kind() == 'W';
        }

        boolean isRead() {
            return op.kind() == 'R';
        }

        boolean isInit() {
            return thread < 0;
        }

        boolean isFullFence() {
            return op.kind() == 'F' && op.fence() == Fence.FULL;
        }

        boolean isVolatile() {
            return op.mode() == Mode.VOLATILE;
        }

        boolean releaseWrite() {
            return isWrite() && (op.mode() == Mode.RELEASE || op.mode() == Mode.VOLATILE);
        }

        boolean acquireRead() {
            return isRead() && (op.mode() == Mode.ACQUIRE || op.mode() == Mode.VOLATILE);
        }

        boolean releaseFence() {
            return op.kind() == 'F' && (op.fence() == Fence.RELEASE || op.fence() == Fence.STORE_STORE || op.fence() == Fence.FULL);
        }

        boolean acquireFence() {
            return op.kind() == 'F' && (op.fence() == Fence.ACQUIRE || op.fence() == Fence.LOAD_LOAD || op.fence() == Fence.FULL);
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    private final int size;
    private final List<Integer> reads = new ArrayList<>();
    private final Map<String, List<Integer>> writesTo = new TreeMap<>();
    private final List<Integer> ordered = new ArrayList<>();

    private JmmAxioms(List<List<Op>> threads) {
        Set<String> locations = new java.util.TreeSet<>();
        threads.forEach(ops -> ops.stream().filter(o -> o.location() != null).forEach(o -> locations.add(o.location())));
        for (String location : locations) {
            writesTo.computeIfAbsent(location, l -> new ArrayList<>()).add(nodes.size());
            nodes.add(new Node(-1, 0, Op.write(location, 0, Mode.PLAIN)));
        }
        for (int t = 0; t < threads.size(); t++) {
            for (int i = 0; i < threads.get(t).size(); i++) {
                Op op = threads.get(t).get(i);
                int id = nodes.size();
                nodes.add(new Node(t, i, op));
                if (op.kind() == 'R') {
                    reads.add(id);
                } else if (op.kind() == 'W') {
                    writesTo.get(op.location()).add(id);
                }
                if (op.mode() == Mode.VOLATILE || op.kind() == 'F' && op.fence() == Fence.FULL) {
                    ordered.add(id);
                }
            }
        }
        size = nodes.size();
    }

    /** Every final outcome (registers and each location's final value) of a consistent execution. */
    public static Set<Map<String, Integer>> outcomes(List<List<Op>> threads, boolean loadBuffering) {
        JmmAxioms axioms = new JmmAxioms(threads);
        Set<Map<String, Integer>> outcomes = new HashSet<>();
        axioms.readsFrom(0, new int[axioms.size], rf -> axioms.modificationOrders(new ArrayList<>(axioms.writesTo.keySet()), 0,
                new HashMap<>(), mo -> axioms.totalOrders(s -> {
                    if (axioms.consistent(rf, mo, s, loadBuffering)) {
                        outcomes.add(axioms.outcome(rf, mo));
                    }
                })));
        return outcomes;
    }

    private void readsFrom(int next, int[] rf, Consumer<int[]> each) {
        if (next == reads.size()) {
            each.accept(rf);
            return;
        }
        int read = reads.get(next);
        for (int write : writesTo.get(nodes.get(read).op().location())) {
            rf[read] = write;
            readsFrom(next + 1, rf, each);
        }
    }

    /** Each location's writes in every order, the initial write first. */
    private void modificationOrders(List<String> locations, int next, Map<String, List<Integer>> mo, Consumer<Map<String, List<Integer>>> each) {
        if (next == locations.size()) {
            each.accept(mo);
            return;
        }
        List<Integer> writes = writesTo.get(locations.get(next));
        permutations(writes.subList(1, writes.size()), List.of(writes.get(0)), order -> {
            mo.put(locations.get(next), order);
            modificationOrders(locations, next + 1, mo, each);
        });
    }

    private void totalOrders(Consumer<List<Integer>> each) {
        permutations(ordered, List.of(), each);
    }

    /** Every order of {@code items}, each after {@code first}. */
    private static void permutations(List<Integer> items, List<Integer> first, Consumer<List<Integer>> each) {
        List<Integer> prefix = new ArrayList<>(first);
        permute(items, prefix, first.size(), each);
    }

    private static void permute(List<Integer> items, List<Integer> prefix, int fixed, Consumer<List<Integer>> each) {
        if (prefix.size() - fixed == items.size()) {
            each.accept(List.copyOf(prefix));
            return;
        }
        for (int item : items) {
            if (!prefix.subList(fixed, prefix.size()).contains(item)) {
                prefix.add(item);
                permute(items, prefix, fixed, each);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    private boolean consistent(int[] rf, Map<String, List<Integer>> mo, List<Integer> s, boolean loadBuffering) {
        boolean[][] moRel = new boolean[size][size];
        mo.values().forEach(order -> {
            for (int i = 0; i < order.size(); i++) {
                for (int j = i + 1; j < order.size(); j++) {
                    moRel[order.get(i)][order.get(j)] = true;
                }
            }
        });
        boolean[][] rfRel = new boolean[size][size];
        boolean[][] fr = new boolean[size][size];
        for (int r : reads) {
            rfRel[rf[r]][r] = true;
            for (int w = 0; w < size; w++) {
                fr[r][w] = moRel[rf[r]][w];
            }
        }
        boolean[][] po = programOrder();
        boolean[][] sRel = new boolean[size][size];
        for (int i = 0; i < s.size(); i++) {
            for (int j = i + 1; j < s.size(); j++) {
                sRel[s.get(i)][s.get(j)] = true;
            }
        }
        boolean[][] hb = closure(union(po, synchronisesWith(rf, po), fencesInS(sRel)));
        boolean[][] eco = closure(union(rfRel, moRel, fr));
        for (int a = 0; a < size; a++) {
            if (hb[a][a] || eco[a][a]) {
                return false;
            }
            for (int b = 0; b < size; b++) {
                if (hb[a][b] && eco[b][a]) {
                    return false;
                }
            }
        }
        if (cyclic(union(hb, sRel)) || !volatilesFollowS(rf, moRel, s)) {
            return false;
        }
        return loadBuffering || !cyclic(union(po, rfRel, sRel));
    }

    private boolean[][] programOrder() {
        boolean[][] po = new boolean[size][size];
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                Node x = nodes.get(a);
                Node y = nodes.get(b);
                po[a][b] = x.isInit() && !y.isInit() || !x.isInit() && x.thread() == y.thread() && x.index() < y.index();
            }
        }
        return po;
    }

    private boolean[][] synchronisesWith(int[] rf, boolean[][] po) {
        boolean[][] sw = new boolean[size][size];
        for (int r : reads) {
            int w = rf[r];
            for (int release = 0; release < size; release++) {
                boolean releases = release == w && nodes.get(w).releaseWrite() || po[release][w] && nodes.get(release).releaseFence();
                for (int acquire = 0; releases && acquire < size; acquire++) {
                    if (acquire == r && nodes.get(r).acquireRead() || po[r][acquire] && nodes.get(acquire).acquireFence()) {
                        sw[release][acquire] = true;
                    }
                }
            }
        }
        return sw;
    }

    private boolean[][] fencesInS(boolean[][] sRel) {
        boolean[][] edges = new boolean[size][size];
        for (int a = 0; a < size; a++) {
            for (int b = 0; b < size; b++) {
                edges[a][b] = sRel[a][b] && nodes.get(a).isFullFence() && nodes.get(b).isFullFence();
            }
        }
        return edges;
    }

    private boolean volatilesFollowS(int[] rf, boolean[][] mo, List<Integer> s) {
        for (int i = 0; i < s.size(); i++) {
            Node later = nodes.get(s.get(i));
            for (int j = 0; j < i; j++) {
                Node earlier = nodes.get(s.get(j));
                if (!earlier.isWrite() || !earlier.isVolatile() || !earlier.op().location().equals(later.op().location())) {
                    continue;
                }
                if (later.isWrite() && !mo[s.get(j)][s.get(i)]) {
                    return false;
                }
                if (later.isRead() && later.isVolatile() && mo[rf[s.get(i)]][s.get(j)]) {
                    return false;
                }
            }
        }
        return true;
    }

    private Map<String, Integer> outcome(int[] rf, Map<String, List<Integer>> mo) {
        Map<String, Integer> outcome = new TreeMap<>();
        for (int r : reads) {
            outcome.put(nodes.get(r).op().register(), nodes.get(rf[r]).op().value());
        }
        mo.forEach((location, order) -> outcome.put(location, nodes.get(order.get(order.size() - 1)).op().value()));
        return outcome;
    }

    @SafeVarargs
    private boolean[][] union(boolean[][]... relations) {
        boolean[][] out = new boolean[size][size];
        for (boolean[][] relation : relations) {
            for (int a = 0; a < size; a++) {
                for (int b = 0; b < size; b++) {
                    out[a][b] |= relation[a][b];
                }
            }
        }
        return out;
    }

    private boolean[][] closure(boolean[][] relation) {
        boolean[][] out = union(relation);
        for (int k = 0; k < size; k++) {
            for (int a = 0; a < size; a++) {
                for (int b = 0; out[a][k] && b < size; b++) {
                    out[a][b] |= out[k][b];
                }
            }
        }
        return out;
    }

    private boolean cyclic(boolean[][] relation) {
        boolean[][] closed = closure(relation);
        for (int a = 0; a < size; a++) {
            if (closed[a][a]) {
                return true;
            }
        }
        return false;
    }
}
