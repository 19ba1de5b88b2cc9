package examples.juc;

import java.lang.invoke.VarHandle;

/**
 * {@link ByteViewPlainPublication} with a release fence before the flag's write and an acquire fence after its read:
 * the payload's writes are visible before the flag under every memory model, so the reader never sees half a message.
 * (Fences rather than the view's setRelease and getAcquire: from JDK 22 on, a byte-array view supports plain access only.)
 */
public class ByteViewFencedPublication {
    public static void main(String[] args) throws InterruptedException {
        byte[] message = new byte[12];
        Thread reader = new Thread(() -> {
            int flag = (int) ByteViewPlainPublication.INTS.get(message, ByteViewPlainPublication.FLAG);
            VarHandle.acquireFence();
            if (flag == 1) {
                int first = (int) ByteViewPlainPublication.INTS.get(message, ByteViewPlainPublication.FIRST);
                int second = (int) ByteViewPlainPublication.INTS.get(message, ByteViewPlainPublication.SECOND);
                if (first != 7 || second != 8) {
                    throw new AssertionError("flag seen before the payload: " + first + ", " + second);
                }
            }
        });
        reader.start();
        ByteViewPlainPublication.INTS.set(message, ByteViewPlainPublication.FIRST, 7);
        ByteViewPlainPublication.INTS.set(message, ByteViewPlainPublication.SECOND, 8);
        VarHandle.releaseFence();
        ByteViewPlainPublication.INTS.set(message, ByteViewPlainPublication.FLAG, 1);
        reader.join();
    }
}
