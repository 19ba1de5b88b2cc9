package dev.weft.runtime.symbolic;

import org.objectweb.asm.Opcodes;

/** The expressions of the arithmetic the shadow keeps: + and -, and * with a constant side (linear). */
final class Arithmetic {
    private Arithmetic() {
    }

    /** The expression of {@code left op right} (concrete values {@code a}, {@code b}); null when both are concrete. */
    static Expr binary(ShadowFrame f, int opcode, Expr left, long a, Expr right, long b, int bits, String location) {
        boolean leftSymbolic = Expr.isSymbolic(left);
        boolean rightSymbolic = Expr.isSymbolic(right);
        if (!leftSymbolic && !rightSymbolic) {
            return null;
        }
        char op = switch (opcode) {
            case Opcodes.IADD, Opcodes.LADD -> '+';
            case Opcodes.ISUB, Opcodes.LSUB -> '-';
            default -> '*';
        };
        if (op == '*' && leftSymbolic && rightSymbolic) {
            f.log.concretised(f.thread, "non-linear arithmetic", location);
            return null;
        }
        return new Expr.Arith(op, orConst(left, a, bits), orConst(right, b, bits));
    }

    static Expr negate(Expr e, int bits) {
        return Expr.isSymbolic(e) ? new Expr.Arith('-', new Expr.Const(0, bits), e) : null;
    }

    /** {@code e}, or the constant {@code value} where the value is concrete. */
    static Expr orConst(Expr e, long value, int bits) {
        return Expr.isSymbolic(e) ? e : new Expr.Const(value, bits);
    }
}
