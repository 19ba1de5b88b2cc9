package examples.juc;

import examples.jdk.TwoThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lock-free stacks whose tops live in the elements of an array, pushed by compareAndSet through an array-element
 * VarHandle; nothing is popped, so a top never comes back (no ABA). Two threads push onto the same stack and onto one
 * each: every push is there, in a chain read with getAcquire.
 */
public class ArrayVarHandleStacks {
    private static final VarHandle TOPS = MethodHandles.arrayElementVarHandle(Node[].class);

    record Node(int value, Node next) {
    }

    private final Node[] tops = new Node[2];

    void push(int stack, int value) {
        Node seen;
        do {
            seen = (Node) TOPS.getAcquire(tops, stack);
        } while (!TOPS.compareAndSet(tops, stack, seen, new Node(value, seen)));
    }

    int size(int stack) {
        int n = 0;
        for (Node node = (Node) TOPS.getAcquire(tops, stack); node != null; node = node.next()) {
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        ArrayVarHandleStacks stacks = new ArrayVarHandleStacks();
        TwoThreads.run(() -> {
            stacks.push(0, 1);
            stacks.push(1, 1);
        }, () -> stacks.push(0, 2));
        if (stacks.size(0) != 2 || stacks.size(1) != 1) {
            throw new AssertionError("lost a push: " + stacks.size(0) + " and " + stacks.size(1));
        }
    }
}
