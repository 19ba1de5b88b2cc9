package dev.weft.runtime.symbolic;

import java.util.function.ToLongFunction;
import org.objectweb.asm.Opcodes;

/**
 * The hooks the shadow execution's instrumentation ({@code instrument.SymbolicVisitor}) calls: each
 * mirrors one instruction on the invocation's {@link ShadowFrame}, and those that need the concrete
 * operands (arithmetic, comparisons, branches) also compute the instruction's result. The run's
 * {@link ShadowLog} gets the branches, shared reads and writes, and concretisations.
 */
public final class Shadow {
    private static volatile ShadowLog log = new ShadowLog();
    private static final ToLongFunction<Thread> NOWHERE = t -> -1;
    /** The calling thread's place in the run's trace, packed as {@code id << 32 | events}; -1 outside a run. */
    private static volatile ToLongFunction<Thread> positions = NOWHERE;

    private Shadow() {
    }

    /** Starts recording a new run; its frames record into the returned log. */
    public static ShadowLog begin() {
        ShadowLog fresh = new ShadowLog();
        log = fresh;
        return fresh;
    }

    /** The run's runtime tells the shadow where each thread is in the trace (the runtime sets it for each run). */
    public static void locateThreadsWith(ToLongFunction<Thread> where) {
        positions = where;
    }

    /** The run is over: no thread is anywhere in a trace. */
    public static void forgetThreads() {
        positions = NOWHERE;
    }

    static ShadowLog.Position position() {
        long packed = positions.applyAsLong(Thread.currentThread());
        return packed < 0 ? ShadowLog.Position.UNKNOWN : new ShadowLog.Position((int) (packed >>> 32), (int) packed);
    }

    /**
     * A call of an instrumented method from code the shadow does not see (a test's entry runner), with the
     * expressions of its receiver and arguments in the callee's local slot order: the callee's frame takes them.
     */
    public static void callFromOutside(String method, Expr[] args) {
        log.thread(Thread.currentThread()).calls.push(new ShadowThread.Call(method, args, false));
    }

    public static ShadowFrame enter(String method, int maxLocals) {
        ShadowLog current = log;
        ShadowThread thread = current.thread(Thread.currentThread());
        ShadowThread.Call call = thread.enter(method);
        return new ShadowFrame(current, thread, method, maxLocals, call, thread.calls.size());
    }

    /** A handler's first instruction: the stack holds only the exception, and the calls that threw are over. */
    public static void handler(ShadowFrame f) {
        f.clearStack();
        f.push(null);
        f.thread.unwindTo(f.callDepth);
    }

    /** A load; a slot beyond the method's own locals is Weft's (a loop's token): concrete. */
    public static void load(ShadowFrame f, int slot, int size) {
        f.push(slot < f.locals.length ? f.locals[slot] : null, size);
    }

    public static void store(ShadowFrame f, int slot, int size) {
        Expr e = f.pop(size);
        if (slot + size <= f.locals.length) {
            f.locals[slot] = e;
            if (size == 2) {
                f.locals[slot + 1] = null;
            }
        }
    }

    public static void iinc(ShadowFrame f, int slot, int increment) {
        Expr e = f.locals[slot];
        if (Expr.isSymbolic(e)) {
            f.locals[slot] = new Expr.Arith('+', e, new Expr.Const(increment, 32));
        }
    }

    /** An instruction the shadow does not model: it pops {@code pops} slots and pushes {@code pushes} concrete ones. */
    public static void other(ShadowFrame f, int pops, int pushes, String instruction, String location) {
        boolean symbolic = false;
        for (int i = 0; i < pops; i++) {
            symbolic |= Expr.isSymbolic(f.pop());
        }
        if (symbolic) {
            f.log.concretised(f.thread, instruction, location);
        }
        for (int i = 0; i < pushes; i++) {
            f.push(null);
        }
    }

    /** pop and pop2, and the arguments of Weft's own hooks: the slots are dropped, their values not used by the program. */
    public static void discard(ShadowFrame f, int slots) {
        for (int i = 0; i < slots; i++) {
            f.pop();
        }
    }

    public static void stack(ShadowFrame f, int opcode) {
        switch (opcode) {
            case Opcodes.DUP -> f.move(1, 0);
            case Opcodes.DUP_X1 -> f.move(1, 1);
            case Opcodes.DUP_X2 -> f.move(1, 2);
            case Opcodes.DUP2 -> f.move(2, 0);
            case Opcodes.DUP2_X1 -> f.move(2, 1);
            case Opcodes.DUP2_X2 -> f.move(2, 2);
            case Opcodes.SWAP -> f.swap();
            default -> throw new IllegalArgumentException("not a stack instruction: " + opcode);
        }
    }

    public static int iarith(int a, int b, ShadowFrame f, int opcode, String location) {
        Expr right = f.pop();
        Expr left = f.pop();
        f.push(Arithmetic.binary(f, opcode, left, a, right, b, 32, location), 1);
        return switch (opcode) {
            case Opcodes.IADD -> a + b;
            case Opcodes.ISUB -> a - b;
            default -> a * b;
        };
    }

    public static long larith(long a, long b, ShadowFrame f, int opcode, String location) {
        Expr right = f.pop(2);
        Expr left = f.pop(2);
        f.push(Arithmetic.binary(f, opcode, left, a, right, b, 64, location), 2);
        return switch (opcode) {
            case Opcodes.LADD -> a + b;
            case Opcodes.LSUB -> a - b;
            default -> a * b;
        };
    }

    public static int ineg(int a, ShadowFrame f) {
        f.push(Arithmetic.negate(f.pop(), 32), 1);
        return -a;
    }

    public static long lneg(long a, ShadowFrame f) {
        f.push(Arithmetic.negate(f.pop(2), 64), 2);
        return -a;
    }

    public static long i2l(int a, ShadowFrame f) {
        Expr e = f.pop();
        f.push(Expr.isSymbolic(e) ? new Expr.Convert(e, 64) : null, 2);
        return a;
    }

    public static int l2i(long a, ShadowFrame f) {
        Expr e = f.pop(2);
        f.push(Expr.isSymbolic(e) ? new Expr.Convert(e, 32) : null, 1);
        return (int) a;
    }

    public static int lcmp(long a, long b, ShadowFrame f) {
        Expr right = f.pop(2);
        Expr left = f.pop(2);
        boolean symbolic = Expr.isSymbolic(left) || Expr.isSymbolic(right);
        f.push(symbolic ? new Expr.Compare3(Arithmetic.orConst(left, a, 64), Arithmetic.orConst(right, b, 64)) : null, 1);
        return Long.compare(a, b);
    }

    /** Before ifeq ... ifle on {@code value}: the condition that will hold joins the thread's path condition. */
    public static void if1(int value, ShadowFrame f, int opcode, String location) {
        Expr e = f.pop();
        boolean taken = Branches.compare(opcode, value, 0);
        if (Expr.isSymbolic(e)) {
            f.log.branch(f.thread, Branches.condition(opcode, e, taken), location);
        }
    }

    /** Before if_icmpeq ... if_icmple on {@code a} and {@code b}. */
    public static void if2(int a, int b, ShadowFrame f, int opcode, String location) {
        Expr right = f.pop();
        Expr left = f.pop();
        boolean taken = Branches.compare(opcode, a, b);
        if (Expr.isSymbolic(left) || Expr.isSymbolic(right)) {
            Expr.Condition c = Branches.condition(opcode, Arithmetic.orConst(left, a, 32), Arithmetic.orConst(right, b, 32));
            f.log.branch(f.thread, taken ? c : c.negated(), location);
        }
    }

    /** Before a field or array access: the object whose field, or the array whose element, it accesses. */
    public static void target(Object holder, ShadowFrame f) {
        f.holder = holder;
        f.member = null;
    }

    public static void element(Object array, int index, ShadowFrame f) {
        f.holder = array;
        f.member = index;
    }

    /** After newarray: the new array's elements are zero until the shadow sees them written. */
    public static void fresh(Object array, ShadowFrame f) {
        f.log.memory.fresh(array);
    }

    /** After a shared read of an int-like field or array element: its value becomes a fresh symbol. */
    public static int readI(int value, ShadowFrame f, String target, String location) {
        f.push(read(f, target, value, 32, location), 1);
        return value;
    }

    public static long readJ(long value, ShadowFrame f, String target, String location) {
        f.push(read(f, target, value, 64, location), 2);
        return value;
    }

    private static Expr read(ShadowFrame f, String target, long value, int bits, String location) {
        Object member = f.member != null ? f.member : target;
        Expr source = f.log.memory.read(f.holder, member, target, value, bits);
        if (source == null) {
            f.log.concretised(f.thread, "read of " + target + " written where the shadow does not see", location);
        }
        f.holder = null;
        f.member = null;
        return f.log.read(f.thread, target, bits, value, source != null ? source : new Expr.Const(value, bits), location);
    }

    /** Before a shared write of an int-like field or array element: the value it writes, recorded once written. */
    public static int writeI(int value, ShadowFrame f) {
        f.pending = Arithmetic.orConst(f.pop(), value, 32);
        f.pendingValue = value;
        return value;
    }

    public static long writeJ(long value, ShadowFrame f) {
        f.pending = Arithmetic.orConst(f.pop(2), value, 64);
        f.pendingValue = value;
        return value;
    }

    /** After the write {@link #writeI} or {@link #writeJ} announced: it is in memory now. */
    public static void written(ShadowFrame f, String target, String location) {
        Object member = f.member != null ? f.member : target;
        f.log.memory.write(f.holder, member, target, f.pending, f.pendingValue);
        f.log.write(f.thread, target, f.pending, location);
        f.holder = null;
        f.member = null;
        f.pending = null;
    }

    /**
     * Before a call: its receiver and arguments ({@code slots} slots) go to the callee, if it is
     * instrumented; {@code mayCopyMemory}: if not, it could read or copy the program's fields or elements.
     */
    public static void call(ShadowFrame f, int slots, String method, boolean mayCopyMemory) {
        Expr[] args = new Expr[slots];
        for (int i = slots - 1; i >= 0; i--) {
            args[i] = f.pop();
        }
        f.thread.calls.push(new ShadowThread.Call(method, args, mayCopyMemory));
    }

    /** After a call: its result ({@code slots} slots), symbolic if an instrumented callee returned an expression. */
    public static void returned(ShadowFrame f, int slots, String location) {
        ShadowThread.Call call = f.thread.calls.pop();
        if (!call.entered) {
            for (Expr arg : call.args) {
                if (Expr.isSymbolic(arg)) {
                    f.log.concretised(f.thread, "argument of " + call.method + " (not instrumented)", location);
                    break;
                }
            }
            if (call.mayCopyMemory && f.log.memory.holdsSymbolic()) {
                // e.g. System.arraycopy or clone: the copies' expressions would be unknown to the shadow
                f.log.concretised(f.thread, "memory holding symbolic values passed to " + call.method + " (not instrumented)", location);
            }
        }
        if (slots > 0) {
            f.push(call.result, slots);
        }
    }

    /** Before ireturn or lreturn ({@code slots} 1 or 2): the result goes to the instrumented caller. */
    public static void ret(ShadowFrame f, int slots) {
        if (f.call != null) {
            f.call.result = f.peek(slots);
        }
    }

    /** Before a call of {@code dev.weft.Weft.input}: the input's name and range, for the symbol its value becomes. */
    public static void inputCall(String name, long min, long max, ShadowFrame f, int slots) {
        for (int i = 0; i < slots; i++) {
            f.pop();
        }
        f.thread.input = new Expr.Input(name, 0, min, max);
    }

    public static int inputI(int value, ShadowFrame f) {
        Expr.Input in = f.thread.input;
        f.push(new Expr.Input(in.name(), 32, in.min(), in.max()), 1);
        return value;
    }

    public static long inputJ(long value, ShadowFrame f) {
        Expr.Input in = f.thread.input;
        f.push(new Expr.Input(in.name(), 64, in.min(), in.max()), 2);
        return value;
    }
}
