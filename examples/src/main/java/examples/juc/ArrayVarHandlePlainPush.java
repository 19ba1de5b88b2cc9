package examples.juc;

import examples.jdk.TwoThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A stack whose top lives in an array element, pushed by a VarHandle getAcquire then setRelease instead of compareAndSet: a push is lost. */
public class ArrayVarHandlePlainPush {
    private static final VarHandle TOPS = MethodHandles.arrayElementVarHandle(Node[].class);

    record Node(int value, Node next) {
    }

    private final Node[] tops = new Node[1];

    void push(int value) {
        Node seen = (Node) TOPS.getAcquire(tops, 0);
        TOPS.setRelease(tops, 0, new Node(value, seen));
    }

    public static void main(String[] args) throws InterruptedException {
        ArrayVarHandlePlainPush stack = new ArrayVarHandlePlainPush();
        TwoThreads.run(() -> stack.push(1), () -> stack.push(2));
        int n = 0;
        for (Node node = (Node) TOPS.getVolatile(stack.tops, 0); node != null; node = node.next()) {
            n++;
        }
        if (n != 2) {
            throw new AssertionError("lost a push: " + n + " nodes");
        }
    }
}
