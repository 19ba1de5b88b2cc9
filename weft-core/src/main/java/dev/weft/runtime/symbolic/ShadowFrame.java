package dev.weft.runtime.symbolic;

import java.util.Arrays;

/**
 * The symbolic side of one method invocation: an expression per local slot and per operand stack
 * slot, or null where the value is concrete. Longs take two slots, as on the JVM: the expression in
 * the lower one, null in the upper, so that the stack instructions that move slots (dup2, swap...)
 * are mirrored slot by slot.
 */
public final class ShadowFrame {
    final ShadowLog log;
    final ShadowThread thread;
    final String method;
    final Expr[] locals;
    private Expr[] stack = new Expr[8];
    private int top;
    /** The call that entered this frame from instrumented code (its return value goes there), or null. */
    final ShadowThread.Call call;
    /** How many calls of the thread were pending when this frame began: a handler drops the ones above. */
    final int callDepth;
    /** The access under way: the object or array (null for a static field), the array index, the value being written. */
    Object holder;
    Object member;
    Expr pending;
    long pendingValue;

    ShadowFrame(ShadowLog log, ShadowThread thread, String method, int maxLocals, ShadowThread.Call call, int callDepth) {
        this.log = log;
        this.thread = thread;
        this.method = method;
        this.locals = new Expr[maxLocals];
        this.call = call;
        this.callDepth = callDepth;
        if (call != null) {
            System.arraycopy(call.args, 0, locals, 0, Math.min(call.args.length, maxLocals));
        }
    }

    void push(Expr e) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top++] = e;
    }

    /** Pushes a value of {@code slots} slots (1 or 2) whose expression is {@code e}. */
    void push(Expr e, int slots) {
        push(e);
        if (slots == 2) {
            push(null);
        }
    }

    Expr pop() {
        return top == 0 ? null : stack[--top];
    }

    /** Pops a value of {@code slots} slots; its expression. */
    Expr pop(int slots) {
        if (slots == 2) {
            pop();
        }
        return pop();
    }

    Expr peek(int slots) {
        int at = top - slots;
        return at < 0 ? null : stack[at];
    }

    void clearStack() {
        Arrays.fill(stack, 0, top, null);
        top = 0;
    }

    /** The stack instructions that only move slots: dup, dup_x1, dup_x2, dup2, dup2_x1, dup2_x2, swap. */
    void move(int copied, int skipped) {
        // dupN_xM copies the top `copied` slots below the `skipped` slots under them
        Expr[] moved = new Expr[copied];
        Expr[] below = new Expr[skipped];
        for (int i = copied - 1; i >= 0; i--) {
            moved[i] = pop();
        }
        for (int i = skipped - 1; i >= 0; i--) {
            below[i] = pop();
        }
        for (Expr e : moved) {
            push(e);
        }
        for (Expr e : below) {
            push(e);
        }
        for (Expr e : moved) {
            push(e);
        }
    }

    void swap() {
        Expr a = pop();
        Expr b = pop();
        push(a);
        push(b);
    }
}
