package examples.modes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A Treiber stack whose top moves only by VarHandle compareAndSet: two pushes and a pop never lose a node. */
public class TreiberStack {
    static final class Node {
        final int value;
        Node next;

        Node(int value) {
            this.value = value;
        }
    }

    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(TreiberStack.class, "top", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Node top;

    void push(int value) {
        Node node = new Node(value);
        Node seen;
        do {
            seen = (Node) TOP.getVolatile(this);
            node.next = seen;
        } while (!TOP.compareAndSet(this, seen, node));
    }

    int size() {
        int n = 0;
        for (Node node = (Node) TOP.getVolatile(this); node != null; node = node.next) {
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws InterruptedException {
        TreiberStack stack = new TreiberStack();
        Thread a = new Thread(() -> stack.push(1));
        Thread b = new Thread(() -> stack.push(2));
        a.start();
        b.start();
        a.join();
        b.join();
        if (stack.size() != 2) {
            throw new AssertionError("lost a push: size " + stack.size());
        }
    }
}
