package dev.weft.runtime.symbolic;

/**
 * A program value as a function of the run's inputs and shared reads: Java's two's-complement int
 * (32 bits) and long (64 bits) arithmetic, so that a solver over bit-vectors of the same widths
 * agrees with the JVM on overflow. Booleans, chars, shorts and bytes are ints on the JVM's stack.
 */
public sealed interface Expr {
    /** 32 or 64. */
    int bits();

    /** A program input ({@code dev.weft.Weft.input}), within its declared range. */
    record Input(String name, int bits, long min, long max) implements Expr {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The value a shared read returned: a fresh symbol, tied to the write it reads by the causal model. */
    record Read(String id, int bits) implements Expr {
        @Override
        public String toString() {
            return id;
        }
    }

    record Const(long value, int bits) implements Expr {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** {@code op} is one of + - * (the linear arithmetic the shadow keeps; a product has a constant side). */
    record Arith(char op, Expr left, Expr right) implements Expr {
        @Override
        public int bits() {
            return left.bits();
        }

        @Override
        public String toString() {
            return "(" + left + " " + op + " " + right + ")";
        }
    }

    /** int to long (sign extension) or long to int (the low 32 bits). */
    record Convert(Expr value, int bits) implements Expr {
        @Override
        public String toString() {
            return "(" + (bits == 64 ? "long" : "int") + ") " + value;
        }
    }

    /** {@code Long.compare}-like -1, 0 or 1 (the JVM's lcmp), which a branch then compares with 0. */
    record Compare3(Expr left, Expr right) implements Expr {
        @Override
        public int bits() {
            return 32;
        }

        @Override
        public String toString() {
            return "cmp(" + left + ", " + right + ")";
        }
    }

    /** A branch condition: {@code left op right}, op one of == != < >= > <=, signed. */
    record Condition(String op, Expr left, Expr right) {
        /** The condition that holds when this one does not. */
        public Condition negated() {
            String opposite = switch (op) {
                case "==" -> "!=";
                case "!=" -> "==";
                case "<" -> ">=";
                case ">=" -> "<";
                case ">" -> "<=";
                case "<=" -> ">";
                default -> throw new IllegalStateException("unknown comparison " + op);
            };
            return new Condition(opposite, left, right);
        }

        @Override
        public String toString() {
            return left + " " + op + " " + right;
        }
    }

    static boolean isSymbolic(Expr e) {
        return e != null && !(e instanceof Const);
    }
}
