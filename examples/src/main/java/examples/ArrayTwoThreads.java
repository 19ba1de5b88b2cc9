package examples;

/**
 * Message passing through two elements of one array: the writer fills slot 0 and then sets the
 * "full" flag in slot 1. The elements are separate locations, so under PSO the flag can be flushed
 * before the payload and the reader sees the flag without the message. Correct under SC and TSO.
 */
public class ArrayTwoThreads {
    static final int PAYLOAD = 0;
    static final int FULL = 1;
    static int seenFull;
    static int seenPayload;

    public static void main(String[] args) throws InterruptedException {
        int[] mailbox = new int[2];
        Thread writer = new Thread(() -> {
            mailbox[PAYLOAD] = 42;
            mailbox[FULL] = 1;
        });
        Thread reader = new Thread(() -> {
            seenFull = mailbox[FULL];
            seenPayload = mailbox[PAYLOAD];
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        if (seenFull == 1 && seenPayload != 42) {
            throw new AssertionError("flag seen before the message: payload = " + seenPayload);
        }
    }
}
