package examples.juc;

/**
 * An object made by sun.misc.Unsafe's allocateInstance (no constructor runs: its field starts at 0, not at its
 * initialiser's 7) is filled in and published through a plain field. Under SC and TSO a reader that finds it sees the
 * value written before; under PSO the two plain writes may become visible in the other order.
 */
public class UnsafeAllocatedPublication {
    static final class Box {
        int value = 7;
    }

    private static Box shared;

    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> {
            try {
                Box box = (Box) UnsafeParkHandoff.UNSAFE.allocateInstance(Box.class);
                box.value = box.value + 3;
                shared = box;
            } catch (InstantiationException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        Box seen = shared;
        if (seen != null && seen.value != 3) {
            throw new AssertionError("found the box with " + seen.value);
        }
        writer.join();
    }
}
