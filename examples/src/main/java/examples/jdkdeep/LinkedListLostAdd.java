package examples.jdkdeep;

import examples.jdk.TwoThreads;
import java.util.LinkedList;
import java.util.List;

/** Two threads add to one LinkedList with no lock: both link after the same last node, one node is lost. */
public class LinkedListLostAdd {
    public static void main(String[] args) throws InterruptedException {
        List<String> list = new LinkedList<>();
        TwoThreads.run(() -> list.add("a"), () -> list.add("b"));
        if (list.size() != 2) {
            throw new AssertionError("lost an element: " + list);
        }
    }
}
