package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A message in a byte array, written and read through an int view (MethodHandles.byteArrayViewVarHandle): two ints of
 * payload, then a flag int, all plain writes. Under PSO the flag's write may become visible before the payload's, so
 * the reader may see the flag and a half-written message (message passing without ordering).
 */
public class ByteViewPlainPublication {
    static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final int FIRST = 0;
    static final int SECOND = 4;
    static final int FLAG = 8;

    public static void main(String[] args) throws InterruptedException {
        byte[] message = new byte[12];
        Thread reader = new Thread(() -> {
            if ((int) INTS.get(message, FLAG) == 1) {
                int first = (int) INTS.get(message, FIRST);
                int second = (int) INTS.get(message, SECOND);
                if (first != 7 || second != 8) {
                    throw new AssertionError("flag seen before the payload: " + first + ", " + second);
                }
            }
        });
        reader.start();
        INTS.set(message, FIRST, 7);
        INTS.set(message, SECOND, 8);
        INTS.set(message, FLAG, 1);
        reader.join();
    }
}
