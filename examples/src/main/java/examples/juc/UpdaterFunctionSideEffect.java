package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * Two threads push onto a stack with a reference field updater's updateAndGet, and the function counts the pushes: the
 * function must be free of side effects, since updateAndGet applies it again when its compareAndSet loses a race, and
 * then the count says three pushes for two.
 */
public class UpdaterFunctionSideEffect {
    private static final AtomicReferenceFieldUpdater<UpdaterFunctionSideEffect, Node> TOP =
            AtomicReferenceFieldUpdater.newUpdater(UpdaterFunctionSideEffect.class, Node.class, "top");
    volatile Node top;
    final AtomicInteger pushes = new AtomicInteger();

    record Node(int value, Node next) {
    }

    void push(int value) {
        TOP.updateAndGet(this, old -> {
            pushes.incrementAndGet();
            return new Node(value, old);
        });
    }

    public static void main(String[] args) throws InterruptedException {
        UpdaterFunctionSideEffect stack = new UpdaterFunctionSideEffect();
        TwoThreads.run(() -> stack.push(1), () -> stack.push(2));
        if (stack.pushes.get() != 2) {
            throw new AssertionError("counted " + stack.pushes.get() + " pushes for 2");
        }
    }
}
