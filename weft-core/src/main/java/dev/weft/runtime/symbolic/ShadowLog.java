package dev.weft.runtime.symbolic;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the shadow execution of one run records: each thread's branches (its path condition), the
 * values its shared writes wrote and the symbols its shared reads returned, and every place a
 * symbolic value was concretised. A concretisation can hide a path, so a strategy that relies on
 * the path conditions may not call a run's exploration complete when the run has one.
 */
public final class ShadowLog {
    /**
     * Where in its thread's recorded events something happened: the thread's id in the run's trace and
     * how many events it had recorded then ({@link Position#UNKNOWN} outside a controlled run). An access
     * the runtime recorded is its thread's event {@code events - 1}; a branch comes after {@code events}.
     */
    public record Position(int thread, int events) {
        public static final Position UNKNOWN = new Position(-1, -1);
    }

    /** A branch a thread took: {@code taken} held. {@code ordinal} orders the thread's branches. */
    public record Branch(String thread, int ordinal, Expr.Condition taken, String location, Position at) {
        /** Identifies the branch and its side across runs: where it is and which comparison held. */
        public String key() {
            return location + " " + taken.op();
        }
    }

    /** A write of a shared field or array element; {@code value} concrete (Const) or symbolic. */
    public record Write(String thread, String target, Expr value, String location, Position at) {
    }

    /**
     * A shared read: the fresh symbol that stands for the value it returned, that value in this run, and
     * the expression of the write it read in this run (a constant where the shadow could not tell).
     */
    public record Read(String thread, Expr.Read symbol, long value, Expr source, String location, Position at) {
    }

    /** A symbolic value used where the shadow keeps no expression: from here on it counts as its concrete value. */
    public record Concretisation(String thread, String what, String location) {
        @Override
        public String toString() {
            return "concretised: " + what + " at " + location;
        }
    }

    private final List<Branch> branches = new ArrayList<>();
    private final List<Write> writes = new ArrayList<>();
    private final List<Read> reads = new ArrayList<>();
    private final List<Concretisation> concretisations = new ArrayList<>();

    private final Map<Thread, ShadowThread> threads = new HashMap<>();

    synchronized ShadowThread thread(Thread thread) {
        return threads.computeIfAbsent(thread, t -> new ShadowThread(t.getName()));
    }

    synchronized void branch(ShadowThread thread, Expr.Condition taken, String location) {
        branches.add(new Branch(thread.name, thread.branches++, taken, location, Shadow.position()));
    }

    synchronized void write(ShadowThread thread, String target, Expr value, String location) {
        writes.add(new Write(thread.name, target, value, location, Shadow.position()));
    }

    final Memory memory = new Memory();

    synchronized Expr.Read read(ShadowThread thread, String target, int bits, long value, Expr source, String location) {
        Expr.Read symbol = new Expr.Read(target + "#" + (reads.size() + 1), bits);
        reads.add(new Read(thread.name, symbol, value, source, location, Shadow.position()));
        return symbol;
    }

    synchronized void concretised(ShadowThread thread, String what, String location) {
        concretisations.add(new Concretisation(thread.name, what, location));
    }

    /**
     * {@code c} with each read symbol replaced by the expression of the write it read in this run:
     * the run's own reads-from (Φ_dc fixed to this run), so that the condition speaks of inputs only.
     */
    public synchronized Expr.Condition resolved(Expr.Condition c) {
        Map<String, Expr> sources = new HashMap<>();
        reads.forEach(r -> sources.put(r.symbol().id(), r.source()));
        return new Expr.Condition(c.op(), substitute(c.left(), sources), substitute(c.right(), sources));
    }

    private static Expr substitute(Expr e, Map<String, Expr> sources) {
        if (e instanceof Expr.Read r) {
            return substitute(sources.get(r.id()), sources);
        }
        if (e instanceof Expr.Arith a) {
            return new Expr.Arith(a.op(), substitute(a.left(), sources), substitute(a.right(), sources));
        }
        if (e instanceof Expr.Convert c) {
            return new Expr.Convert(substitute(c.value(), sources), c.bits());
        }
        if (e instanceof Expr.Compare3 c) {
            return new Expr.Compare3(substitute(c.left(), sources), substitute(c.right(), sources));
        }
        return e;
    }

    public synchronized List<Branch> branches() {
        return Collections.unmodifiableList(new ArrayList<>(branches));
    }

    public synchronized List<Write> writes() {
        return List.copyOf(writes);
    }

    public synchronized List<Read> reads() {
        return List.copyOf(reads);
    }

    public synchronized List<Concretisation> concretisations() {
        return List.copyOf(concretisations);
    }
}
