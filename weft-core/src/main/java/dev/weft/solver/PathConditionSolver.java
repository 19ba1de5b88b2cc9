package dev.weft.solver;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import dev.weft.runtime.symbolic.Expr;
import java.util.ArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Program inputs for a path condition (Maximal Path Causality's Φ_pc, docs/mpc.md), on Z3 over
 * bit-vectors of Java's widths so that overflow is the JVM's. Each condition is tracked, so an
 * unsatisfiable query names the conditions that conflict (its unsat core, which the paper's §3.4.2
 * Strategy 2 maps back to threads). Shared reads are free symbols in {@link #solve(List)}; a
 * {@link PathQuery} ties them to writes (Φ_dc) and orders events (Φ_sync), with order variables as
 * bit-vectors too, so that every query stays in QF_BV.
 */
public final class PathConditionSolver implements AutoCloseable {
    /** Inputs that satisfy every condition, or (unsatisfiable) the indices of conditions that conflict, or neither (unknown). */
    public record Result(Map<String, Long> inputs, List<Integer> core, String unknown) {
        public boolean satisfiable() {
            return inputs != null;
        }
    }

    /**
     * Inputs and a schedule prefix for a path prefix: the included events in an order that satisfies it; or,
     * unsatisfiable, the threads whose constraints make up the unsat core; or neither (unknown).
     */
    public record PrefixAnswer(Map<String, Long> inputs, List<Integer> order, Set<Integer> coreThreads, boolean coreHasReads,
                               String unknown) {
        public boolean satisfiable() {
            return inputs != null;
        }
    }

    private static final String READ_LABEL = "read!";

    private final Context context = new Context();
    /** The trace whose prefixes are being asked, with its shared constraints asserted. */
    private PrefixEncoding prefixes;
    private final Map<String, Expr.Input> inputs = new LinkedHashMap<>();

    public Result solve(List<Expr.Condition> conditions) {
        Solver solver = bitVectorSolver();
        try {
            Map<String, Integer> indexOfGuard = new HashMap<>();
            for (int i = 0; i < conditions.size(); i++) {
                BoolExpr guard = context.mkBoolConst("condition!" + i);
                indexOfGuard.put(guard.toString(), i);
                solver.assertAndTrack(encode(conditions.get(i)), guard);
            }
            for (Expr.Input input : inputs.values()) {
                solver.add(inRange(input));
            }
            Status status = solver.check();
            return switch (status) {
                case SATISFIABLE -> new Result(values(solver.getModel()), null, null);
                case UNSATISFIABLE -> new Result(null, Arrays.stream(solver.getUnsatCore())
                        .map(g -> indexOfGuard.get(g.toString())).sorted().toList(), null);
                case UNKNOWN -> new Result(null, null, "z3: " + solver.getReasonUnknown());
            };
        } catch (Z3Exception e) {
            return new Result(null, null, "z3 error: " + e.getMessage());
        } finally {
            inputs.clear();
        }
    }

    /**
     * Solves a path prefix's query. Queries of one trace share their orders, lock exclusions and reads (the same
     * lists): those are asserted once, and each query's spans and branch conditions in a scope of their own.
     */
    public PrefixAnswer solve(PathQuery query) {
        try {
            if (prefixes == null || prefixes.reads != query.reads()) {
                prefixes = new PrefixEncoding(query);
            }
            return prefixes.ask(query);
        } catch (Z3Exception e) {
            prefixes = null;
            return new PrefixAnswer(null, null, null, false, "z3 error: " + e.getMessage());
        }
    }

    private static PrefixAnswer unsatisfiable(BoolExpr[] core, Map<String, Set<Integer>> threadsOfLabel) {
        Set<Integer> threads = Arrays.stream(core).flatMap(label -> threadsOfLabel.get(label.toString()).stream())
                .collect(Collectors.toCollection(TreeSet::new));
        boolean reads = Arrays.stream(core).anyMatch(label -> label.toString().startsWith(READ_LABEL));
        return new PrefixAnswer(null, null, threads, reads, null);
    }

    /** One trace's order variables and shared constraints, and its queries; branch conditions and reads are tracked, labelled by their threads. */
    private final class PrefixEncoding {
        private final Solver solver = bitVectorSolver();
        private final List<PathQuery.ReadFrom> reads;
        private final Map<Integer, BitVecExpr> lengths = new HashMap<>();
        private final Map<Integer, int[]> threadAndSeq = new HashMap<>();
        private final Map<String, Set<Integer>> threadsOfLabel = new HashMap<>();
        /** Wide enough for every event's place and every thread's length: the narrower, the faster Z3 bit-blasts. */
        private final int orderBits;

        PrefixEncoding(PathQuery query) {
            this.reads = query.reads();
            int events = query.spans().stream().mapToInt(span -> span.events().length).sum();
            this.orderBits = 33 - Integer.numberOfLeadingZeros(events + 1);
            for (PathQuery.Span span : query.spans()) {
                lengths.put(span.thread(), variable("length!" + span.thread(), orderBits));
                for (int seq = 0; seq < span.events().length; seq++) {
                    threadAndSeq.put(span.events()[seq], new int[] {span.thread(), seq});
                }
            }
            assertShared(query);
        }

        private void assertShared(PathQuery query) {
            for (PathQuery.Span span : query.spans()) {
                solver.add(context.mkBVULE(lengths.get(span.thread()), order(span.events().length)));
                for (int seq = 1; seq < span.events().length; seq++) {
                    solver.add(context.mkImplies(included(span.events()[seq]), before(span.events()[seq - 1], span.events()[seq])));
                }
            }
            for (int[] edge : query.before()) {
                solver.add(context.mkImplies(included(edge[1]), context.mkAnd(included(edge[0]), before(edge[0], edge[1]))));
            }
            for (int[] x : query.exclusions()) {
                solver.add(context.mkImplies(context.mkAnd(included(x[0]), included(x[2])),
                        context.mkOr(releasedBefore(x[1], x[2]), releasedBefore(x[3], x[0]))));
            }
            for (int i = 0; i < reads.size(); i++) {
                PathQuery.ReadFrom read = reads.get(i);
                Set<Integer> threads = new TreeSet<>(Set.of(read.thread()));
                read.writes().forEach(w -> threads.add(threadAndSeq.get(w)[0]));
                track(READ_LABEL + i, threads, context.mkImplies(included(read.event()), readsOneOf(read)));
            }
        }

        PrefixAnswer ask(PathQuery query) {
            solver.push();
            try {
                for (PathQuery.Span span : query.spans()) {
                    BitVecExpr length = lengths.get(span.thread());
                    solver.add(context.mkBVUGE(length, order(span.min())), context.mkBVULE(length, order(span.max())));
                }
                for (int i = 0; i < query.guards().size(); i++) {
                    PathQuery.Guard guard = query.guards().get(i);
                    BoolExpr holds = guard.after() < 0 ? encode(guard.condition())
                            : context.mkImplies(context.mkBVUGT(lengths.get(guard.thread()), order(guard.after())), encode(guard.condition()));
                    track("guard!" + i, Set.of(guard.thread()), holds);
                }
                for (Expr.Input input : inputs.values()) {
                    solver.add(inRange(input));
                }
                return switch (solver.check()) {
                    case SATISFIABLE -> new PrefixAnswer(values(solver.getModel()), order(solver.getModel(), query), null, false, null);
                    case UNSATISFIABLE -> unsatisfiable(solver.getUnsatCore(), threadsOfLabel);
                    case UNKNOWN -> new PrefixAnswer(null, null, null, false, "z3: " + solver.getReasonUnknown());
                };
            } finally {
                solver.pop();
            }
        }

        private void track(String name, Set<Integer> threads, BoolExpr constraint) {
            BoolExpr label = context.mkBoolConst(name);
            threadsOfLabel.put(label.toString(), threads);
            solver.assertAndTrack(constraint, label);
        }

        private BoolExpr readsOneOf(PathQuery.ReadFrom read) {
            List<BoolExpr> options = new ArrayList<>();
            for (PathQuery.Source source : read.sources()) {
                List<BoolExpr> all = new ArrayList<>();
                all.add(equal(read.value(), source.value()));
                if (source.write() >= 0) {
                    all.add(included(source.write()));
                    all.add(before(source.write(), read.event()));
                }
                for (int other : read.writes()) {
                    if (other != source.write()) {
                        all.add(notBetween(other, source.write(), read.event()));
                    }
                }
                options.add(context.mkAnd(all.toArray(BoolExpr[]::new)));
            }
            return context.mkOr(options.toArray(BoolExpr[]::new));
        }

        /** {@code w} is not an included write between {@code from} (-1: the start) and {@code read}. */
        private BoolExpr notBetween(int w, int from, int read) {
            BoolExpr after = context.mkNot(before(w, read));
            BoolExpr outside = from < 0 ? after : context.mkOr(before(w, from), after);
            return context.mkOr(context.mkNot(included(w)), outside);
        }

        private BoolExpr releasedBefore(int release, int acquire) {
            return release < 0 ? context.mkFalse() : context.mkAnd(included(release), before(release, acquire));
        }

        private BoolExpr included(int event) {
            int[] at = threadAndSeq.get(event);
            return context.mkBVUGT(lengths.get(at[0]), order(at[1]));
        }

        private BoolExpr before(int a, int b) {
            return context.mkBVULT(time(a), time(b));
        }

        private BitVecExpr time(int event) {
            return variable("order!" + event, orderBits);
        }

        private BitVecExpr order(int n) {
            return context.mkBV(n, orderBits);
        }

        /** The included events, earliest first. */
        List<Integer> order(Model model, PathQuery query) {
            Map<Integer, Long> times = new HashMap<>();
            for (PathQuery.Span span : query.spans()) {
                long length = ((BitVecNum) model.eval(lengths.get(span.thread()), true)).getLong();
                for (int seq = 0; seq < length; seq++) {
                    int event = span.events()[seq];
                    times.put(event, ((BitVecNum) model.eval(time(event), true)).getLong());
                }
            }
            return times.keySet().stream().sorted(Comparator.comparing(times::get)).toList();
        }
    }

    /** Equal values; an int compared with a long is widened as Java would. */
    private BoolExpr equal(Expr a, Expr b) {
        Expr left = a.bits() < b.bits() ? new Expr.Convert(a, 64) : a;
        Expr right = b.bits() < a.bits() ? new Expr.Convert(b, 64) : b;
        return context.mkEq(encode(left), encode(right));
    }

    /**
     * Inputs that satisfy none of the given classes (each a conjunction of conditions), or unsatisfiable
     * (no core) when every input lies in one of them.
     */
    public Result outside(List<List<Expr.Condition>> classes) {
        Solver solver = bitVectorSolver();
        try {
            for (List<Expr.Condition> inputClass : classes) {
                BoolExpr[] all = inputClass.stream().map(this::encode).toArray(BoolExpr[]::new);
                solver.add(context.mkNot(context.mkAnd(all)));
            }
            for (Expr.Input input : inputs.values()) {
                solver.add(inRange(input));
            }
            return switch (solver.check()) {
                case SATISFIABLE -> new Result(values(solver.getModel()), null, null);
                case UNSATISFIABLE -> new Result(null, List.of(), null);
                case UNKNOWN -> new Result(null, null, "z3: " + solver.getReasonUnknown());
            };
        } catch (Z3Exception e) {
            return new Result(null, null, "z3 error: " + e.getMessage());
        } finally {
            inputs.clear();
        }
    }

    /**
     * A solver for bit-vector formulas: the logic is named, so that the global arithmetic setting
     * {@code Z3OrderSolver} makes for its order formulas (difference logic) does not apply here.
     */
    private Solver bitVectorSolver() {
        return context.mkSolver("QF_BV");
    }

    private BoolExpr inRange(Expr.Input input) {
        BitVecExpr x = variable(input.name(), input.bits());
        return context.mkAnd(context.mkBVSGE(x, context.mkBV(input.min(), input.bits())),
                context.mkBVSLE(x, context.mkBV(input.max(), input.bits())));
    }

    private Map<String, Long> values(Model model) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Expr.Input input : inputs.values()) {
            BitVecNum n = (BitVecNum) model.eval(variable(input.name(), input.bits()), true);
            long raw = n.getBigInteger().longValue();
            values.put(input.name(), input.bits() == 32 ? (long) (int) raw : raw);
        }
        return values;
    }

    private BoolExpr encode(Expr.Condition c) {
        BitVecExpr l = encode(c.left());
        BitVecExpr r = encode(c.right());
        return switch (c.op()) {
            case "==" -> context.mkEq(l, r);
            case "!=" -> context.mkNot(context.mkEq(l, r));
            case "<" -> context.mkBVSLT(l, r);
            case ">=" -> context.mkBVSGE(l, r);
            case ">" -> context.mkBVSGT(l, r);
            case "<=" -> context.mkBVSLE(l, r);
            default -> throw new IllegalArgumentException("unknown comparison " + c.op());
        };
    }

    private BitVecExpr encode(Expr e) {
        if (e instanceof Expr.Input in) {
            inputs.putIfAbsent(in.name(), in);
            return variable(in.name(), in.bits());
        }
        if (e instanceof Expr.Read read) {
            return variable("read!" + read.id(), read.bits());
        }
        if (e instanceof Expr.Const k) {
            return context.mkBV(k.value(), k.bits());
        }
        if (e instanceof Expr.Arith a) {
            BitVecExpr l = encode(a.left());
            BitVecExpr r = encode(a.right());
            return a.op() == '+' ? context.mkBVAdd(l, r) : a.op() == '-' ? context.mkBVSub(l, r) : context.mkBVMul(l, r);
        }
        if (e instanceof Expr.Convert c) {
            return c.bits() == 64 ? context.mkSignExt(32, encode(c.value())) : context.mkExtract(31, 0, encode(c.value()));
        }
        Expr.Compare3 cmp = (Expr.Compare3) e;
        return compare3(encode(cmp.left()), encode(cmp.right()));
    }

    /** lcmp: -1, 0 or 1 as a 32-bit value. */
    private BitVecExpr compare3(BitVecExpr l, BitVecExpr r) {
        return (BitVecExpr) context.mkITE(context.mkBVSLT(l, r), context.mkBV(-1, 32),
                context.mkITE(context.mkEq(l, r), context.mkBV(0, 32), context.mkBV(1, 32)));
    }

    private BitVecExpr variable(String name, int bits) {
        return context.mkBVConst(name, bits);
    }

    @Override
    public void close() {
        context.close();
    }
}
