package examples.modes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A Treiber stack whose push reads the top and then sets it with a plain VarHandle set, no CAS: a push can be lost. */
public class TreiberStackPlainSet {
    static final class Node {
        final int value;
        final Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(TreiberStackPlainSet.class, "top", Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Node top;

    void push(int value) {
        Node seen = (Node) TOP.get(this);
        TOP.set(this, new Node(value, seen));
    }

    public static void main(String[] args) throws InterruptedException {
        TreiberStackPlainSet stack = new TreiberStackPlainSet();
        Thread a = new Thread(() -> stack.push(1));
        Thread b = new Thread(() -> stack.push(2));
        a.start();
        b.start();
        a.join();
        b.join();
        int size = 0;
        for (Node node = stack.top; node != null; node = node.next) {
            size++;
        }
        if (size != 2) {
            throw new AssertionError("lost a push: size " + size);
        }
    }
}
