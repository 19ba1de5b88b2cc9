package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * {@link ByteViewPlainPublication} with the flag written by the view's setRelease and read by its getAcquire: the
 * payload's plain writes are visible before the flag under every memory model, so the reader never sees half a message.
 */
public class ByteViewReleaseAcquire {
    static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    public static void main(String[] args) throws InterruptedException {
        byte[] message = new byte[12];
        Thread reader = new Thread(() -> {
            if ((int) INTS.getAcquire(message, ByteViewPlainPublication.FLAG) == 1) {
                int first = (int) INTS.get(message, ByteViewPlainPublication.FIRST);
                int second = (int) INTS.get(message, ByteViewPlainPublication.SECOND);
                if (first != 7 || second != 8) {
                    throw new AssertionError("flag seen before the payload: " + first + ", " + second);
                }
            }
        });
        reader.start();
        INTS.set(message, ByteViewPlainPublication.FIRST, 7);
        INTS.set(message, ByteViewPlainPublication.SECOND, 8);
        INTS.setRelease(message, ByteViewPlainPublication.FLAG, 1);
        reader.join();
    }
}
