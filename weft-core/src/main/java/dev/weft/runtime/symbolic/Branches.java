package dev.weft.runtime.symbolic;

import org.objectweb.asm.Opcodes;

/** The JVM's int conditional jumps as comparisons. */
final class Branches {
    private Branches() {
    }

    /** Whether the jump {@code opcode} (ifeq ... ifle compare with 0, if_icmpeq ... if_icmple) is taken on {@code a}, {@code b}. */
    static boolean compare(int opcode, int a, int b) {
        return switch (operator(opcode)) {
            case "==" -> a == b;
            case "!=" -> a != b;
            case "<" -> a < b;
            case ">=" -> a >= b;
            case ">" -> a > b;
            default -> a <= b;
        };
    }

    /** The condition that held at a one-operand jump on {@code e}: an lcmp's result compared with 0 is its operands compared. */
    static Expr.Condition condition(int opcode, Expr e, boolean taken) {
        Expr.Condition c = e instanceof Expr.Compare3 cmp
                ? new Expr.Condition(operator(opcode), cmp.left(), cmp.right())
                : new Expr.Condition(operator(opcode), e, new Expr.Const(0, 32));
        return taken ? c : c.negated();
    }

    /** The two-operand form: {@code left op right} as the jump compares them. */
    static Expr.Condition condition(int opcode, Expr left, Expr right) {
        return new Expr.Condition(operator(opcode), left, right);
    }

    private static String operator(int opcode) {
        return switch (opcode) {
            case Opcodes.IFEQ, Opcodes.IF_ICMPEQ -> "==";
            case Opcodes.IFNE, Opcodes.IF_ICMPNE -> "!=";
            case Opcodes.IFLT, Opcodes.IF_ICMPLT -> "<";
            case Opcodes.IFGE, Opcodes.IF_ICMPGE -> ">=";
            case Opcodes.IFGT, Opcodes.IF_ICMPGT -> ">";
            case Opcodes.IFLE, Opcodes.IF_ICMPLE -> "<=";
            default -> throw new IllegalArgumentException("not an int comparison jump: " + opcode);
        };
    }
}
