package dev.weft.causal;

import dev.weft.runtime.symbolic.Expr;
import dev.weft.runtime.symbolic.ShadowLog;
import dev.weft.solver.PathQuery;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Outcome;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maximal Path Causality's constraints (Yi and Huang, ESEC/FSE 2018, §3.2-3.3) of one trace and its
 * shadow log, for path prefixes that flip one thread's branch: that thread runs exactly up to the
 * branch, its earlier branches as in the trace and the branch the other way; every other thread keeps
 * its path (or, relaxed, any prefix of it: §3.4.2). Departs from the paper: Φ_sync is
 * fork/join order and lock exclusion only, and a trace with events it does not cover (waits, parks,
 * interrupts, blocking outcomes other than normal, exit) gives no queries ({@link #unmodelled}); reads
 * the shadow gave no symbol (references, floating point, code it does not see) must return their
 * trace value again, as in MCR.
 */
public final class PathPrefixes {
    private static final Set<EventKind> MODELLED = EnumSet.of(EventKind.BEGIN, EventKind.END, EventKind.READ, EventKind.WRITE,
            EventKind.VOLATILE_READ, EventKind.VOLATILE_WRITE, EventKind.ATOMIC_RMW, EventKind.PLAIN_RMW, EventKind.LOCK,
            EventKind.UNLOCK, EventKind.FORK, EventKind.JOIN, EventKind.LOOP);

    private final Trace trace;
    private final Map<Integer, List<ShadowLog.Branch>> branches = new LinkedHashMap<>();
    private final List<PathQuery.ReadFrom> reads = new ArrayList<>();
    private final List<int[]> before = new ArrayList<>();
    private final List<int[]> exclusions = new ArrayList<>();
    private final String unmodelled;

    public PathPrefixes(Trace trace, ShadowLog log) {
        this.trace = trace;
        this.unmodelled = unmodelled(trace, log);
        if (unmodelled != null) {
            return;
        }
        log.branches().forEach(b -> branches.computeIfAbsent(b.at().thread(), t -> new ArrayList<>()).add(b));
        orderForksAndJoins();
        excludeLockHoldings();
        tieReadsToWrites(log);
    }

    /** Why this trace gives no queries (an event or a shadow record the constraints do not cover), or null. */
    public String unmodelled() {
        return unmodelled;
    }

    private static String unmodelled(Trace trace, ShadowLog log) {
        for (Event e : trace.events()) {
            if (!MODELLED.contains(e.kind()) || e.outcome() != Outcome.NORMAL) {
                return "a " + e.kind() + " event";
            }
        }
        boolean unplaced = log.branches().stream().anyMatch(b -> b.at().thread() < 0) || log.reads().stream().anyMatch(r -> r.at().thread() < 0)
                || log.writes().stream().anyMatch(w -> w.at().thread() < 0);
        return unplaced ? "a shared access or branch outside the run's threads" : null;
    }

    /** Each thread's branches in the order it took them, by thread id. */
    public Map<Integer, List<ShadowLog.Branch>> branches() {
        return branches;
    }

    /**
     * The constraints of the path prefix in which {@code thread} takes its first {@code ordinal} branches as in
     * the trace and then branch {@code ordinal} the other way, and every other thread reaches its last branch,
     * taking every branch as in the trace, except the {@code relaxed} threads (Strategy 2: the threads of an
     * earlier query's unsat core), which may stop anywhere, taking the branches they reach as in the trace.
     */
    public PathQuery flipping(int thread, int ordinal, Set<Integer> relaxed) {
        List<PathQuery.Span> spans = new ArrayList<>();
        List<PathQuery.Guard> guards = new ArrayList<>();
        for (int t : trace.events().stream().mapToInt(Event::thread).distinct().sorted().toArray()) {
            int[] events = trace.ofThread(t).stream().mapToInt(Event::index).toArray();
            List<ShadowLog.Branch> taken = branches.getOrDefault(t, List.of());
            if (t == thread) {
                int reach = taken.get(ordinal).at().events();
                spans.add(new PathQuery.Span(t, events, reach, reach));
                taken.subList(0, ordinal).forEach(b -> guards.add(new PathQuery.Guard(t, -1, b.taken())));
                guards.add(new PathQuery.Guard(t, -1, taken.get(ordinal).taken().negated()));
            } else if (relaxed.contains(t) || taken.isEmpty()) {
                spans.add(new PathQuery.Span(t, events, 0, events.length));
                taken.forEach(b -> guards.add(new PathQuery.Guard(t, b.at().events(), b.taken())));
            } else {
                spans.add(new PathQuery.Span(t, events, Math.min(taken.get(taken.size() - 1).at().events(), events.length), events.length));
                taken.forEach(b -> guards.add(new PathQuery.Guard(t, -1, b.taken())));
            }
        }
        return new PathQuery(spans, before, exclusions, reads, guards);
    }

    private void orderForksAndJoins() {
        for (Event e : trace.events()) {
            List<Event> peer = e.kind() == EventKind.FORK || e.kind() == EventKind.JOIN ? trace.ofThread(e.peerThread()) : List.of();
            if (peer.isEmpty()) {
                continue;
            }
            if (e.kind() == EventKind.FORK) {
                before.add(new int[] {e.index(), peer.get(0).index()});
            } else {
                before.add(new int[] {peer.get(peer.size() - 1).index(), e.index()});
            }
        }
    }

    private void excludeLockHoldings() {
        for (List<LockPair> holdings : LockPair.of(trace).values()) {
            for (int i = 0; i < holdings.size(); i++) {
                for (int j = i + 1; j < holdings.size(); j++) {
                    LockPair a = holdings.get(i);
                    LockPair b = holdings.get(j);
                    if (a.excludes(b)) {
                        exclusions.add(new int[] {a.acquire(), a.release(), b.acquire(), b.release()});
                    }
                }
            }
        }
    }

    private void tieReadsToWrites(ShadowLog log) {
        Map<Long, Expr> symbols = new HashMap<>();
        log.reads().forEach(r -> symbols.put(key(r.at().thread(), r.at().events() - 1), r.symbol()));
        Map<Long, Expr> written = new HashMap<>();
        log.writes().forEach(w -> written.put(key(w.at().thread(), w.at().events() - 1), w.value()));
        Map<Address, List<PathQuery.Source>> sources = new LinkedHashMap<>();
        for (Event e : trace.events()) {
            if (e.accessesMemory() && e.wrote()) {
                Expr value = written.getOrDefault(key(e.thread(), e.seq()), new Expr.Const(e.writtenValue(), 64));
                sources.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(new PathQuery.Source(e.index(), value));
            }
        }
        for (Event e : trace.events()) {
            if (!e.accessesMemory() || !e.kind().reads()) {
                continue;
            }
            List<PathQuery.Source> writes = sources.getOrDefault(e.address(), List.of());
            List<PathQuery.Source> options = new ArrayList<>(writes);
            Long initial = trace.initialValue(e.address());
            if (initial != null) {
                options.add(new PathQuery.Source(-1, new Expr.Const(initial, 64)));
            }
            Expr value = symbols.getOrDefault(key(e.thread(), e.seq()), new Expr.Const(e.value(), 64));
            reads.add(new PathQuery.ReadFrom(e.index(), e.thread(), value, options, writes.stream().map(PathQuery.Source::write).toList()));
        }
    }

    private static long key(int thread, int seq) {
        return (long) thread << 32 | seq;
    }
}
