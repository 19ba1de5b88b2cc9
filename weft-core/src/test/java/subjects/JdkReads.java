package subjects;

import java.util.Arrays;

/**
 * Two threads write one location; main then reads it back right after a scheduling point: through
 * JDK code with argument {@code jdk} ({@code Arrays.toString} for an array element, reflection for a
 * static field; first argument {@code array} or {@code field}), through an instrumented read
 * otherwise. Under every memory model both ways must see the same values.
 */
public class JdkReads {
    static final int[] cell = new int[1];
    static int field;
    static int tick;
    static volatile int mainSaw;

    public static void main(String[] args) throws Exception {
        boolean array = args[0].equals("array");
        boolean jdk = args[1].equals("jdk");
        Thread other = new Thread(() -> write(2, array));
        other.start();
        write(1, array);
        mainSaw = readBack(array, jdk);
        other.join();
    }

    private static void write(int value, boolean array) {
        if (array) {
            cell[0] = value;
        } else {
            field = value;
        }
    }

    private static int readBack(boolean array, boolean jdk) {
        if (!jdk) {
            return array ? cell[0] : field;
        }
        int unused = tick; // a scheduling point right before the JDK read, as before an instrumented read
        try {
            return array ? Arrays.toString(cell).charAt(1) - '0' : JdkReads.class.getDeclaredField("field").getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
