package examples.jdkdeep;

import examples.jdk.TwoThreads;
import java.util.ArrayList;
import java.util.List;

/**
 * Two threads add to one ArrayList with no lock. Inside {@code ArrayList.add} both can read the same size: one element
 * overwrites the other and the size check fails; or one grows past the array the other then writes into, which throws
 * ArrayIndexOutOfBoundsException inside {@code add}.
 */
public class ArrayListLostAdd {
    public static void main(String[] args) throws InterruptedException {
        List<String> list = new ArrayList<>();
        TwoThreads.run(() -> list.add("a"), () -> list.add("b"));
        if (list.size() != 2) {
            throw new AssertionError("lost an element: " + list);
        }
    }
}
