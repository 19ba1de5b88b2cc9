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
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Program inputs for a path condition (Maximal Path Causality's Φ_pc, docs/mpc.md), on Z3 over
 * bit-vectors of Java's widths so that overflow is the JVM's. Each condition is tracked, so an
 * unsatisfiable query names the conditions that conflict (its unsat core, which the paper's §3.4.2
 * Strategy 2 maps back to threads). Shared reads are free symbols here: tying them to writes (Φ_dc)
 * and ordering events (Φ_sync) is the strategy's part, not built yet.
 */
public final class PathConditionSolver implements AutoCloseable {
    /** Inputs that satisfy every condition, or (unsatisfiable) the indices of conditions that conflict, or neither (unknown). */
    public record Result(Map<String, Long> inputs, List<Integer> core, String unknown) {
        public boolean satisfiable() {
            return inputs != null;
        }
    }

    private final Context context = new Context();
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
