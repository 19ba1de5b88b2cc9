package subjects;

import java.util.Arrays;

/**
 * Under TSO/PSO a thread hands what it just wrote (still in its store buffer) to JDK code, which
 * Weft does not instrument: array elements to {@code Arrays.equals}, {@code System.arraycopy} and
 * {@code new String(char[])}, a field to reflection. Store forwarding must show the JDK code those
 * writes. The other thread checks one array write while main runs; main checks the rest after
 * joining it, as the papers' BubbleSort does. Correct under every model.
 */
public class JdkSeesOwnWrites {
    int count;

    public static void main(String[] args) throws Exception {
        Thread other = new Thread(() -> {
            int[] values = new int[1];
            values[0] = 1;
            if (!Arrays.equals(values, new int[] {values[0]})) {
                throw new AssertionError("Arrays.equals missed the thread's own write: " + Arrays.toString(values));
            }
        });
        other.start();
        other.join();
        char[] letters = new char[2];
        letters[0] = 'o';
        letters[1] = 'k';
        char[] copy = new char[2];
        System.arraycopy(letters, 0, copy, 0, 2);
        if (copy[1] != 'k' || !Arrays.equals(letters, "ok".toCharArray()) || !new String(letters).equals("ok")) {
            throw new AssertionError("JDK code missed main's own array writes: " + new String(letters));
        }
        JdkSeesOwnWrites holder = new JdkSeesOwnWrites();
        holder.count = 3;
        if (JdkSeesOwnWrites.class.getDeclaredField("count").getInt(holder) != 3) {
            throw new AssertionError("reflection missed main's own field write");
        }
    }
}
