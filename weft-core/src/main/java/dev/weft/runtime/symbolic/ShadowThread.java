package dev.weft.runtime.symbolic;

import java.util.ArrayDeque;
import java.util.Deque;

/** One thread's symbolic state between frames: the calls it has made from instrumented code and not yet returned from. */
final class ShadowThread {
    /** A call from instrumented code: its arguments' expressions (in the callee's local slot order) and, once the callee returns, its result's. */
    static final class Call {
        final String method;
        final Expr[] args;
        final boolean mayCopyMemory;
        boolean entered;
        Expr result;

        Call(String method, Expr[] args, boolean mayCopyMemory) {
            this.method = method;
            this.args = args;
            this.mayCopyMemory = mayCopyMemory;
        }
    }

    final String name;
    final Deque<Call> calls = new ArrayDeque<>();
    int branches;
    /** The input whose call is under way (its name and range; the value's width comes with the value). */
    Expr.Input input;

    ShadowThread(String name) {
        this.name = name;
    }

    /** The call the method being entered answers, if its caller is instrumented and called it (not, say, a class initialiser run on the way). */
    Call enter(String method) {
        Call call = calls.peek();
        if (call == null || call.entered || !call.method.equals(method)) {
            return null;
        }
        call.entered = true;
        return call;
    }

    /** Drops the calls made below a frame whose handler caught an exception: they ended by throwing. */
    void unwindTo(int depth) {
        while (calls.size() > depth) {
            calls.pop();
        }
    }
}
