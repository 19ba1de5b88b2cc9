package benchmarks;

/**
 * Bug (the papers' "StringBuffer", after java.lang.StringBuffer.append(StringBuffer)): append
 * reads the other buffer's length and then copies that many characters in two separately
 * synchronized calls; another thread can shorten the other buffer in between and the copy runs
 * past its end (IndexOutOfBoundsException).
 */
public class StringBufferAtomicity {
    static class TextBuffer {
        private char[] chars = new char[4];
        private int length;

        synchronized int length() {
            return length;
        }

        synchronized void append(char c) {
            ensureCapacity(length + 1);
            chars[length] = c;
            length = length + 1;
        }

        synchronized void append(TextBuffer other) {
            int count = other.length();
            ensureCapacity(length + count);
            other.copyTo(count, chars, length);
            length = length + count;
        }

        synchronized void setLength(int newLength) {
            length = newLength;
        }

        synchronized void copyTo(int count, char[] target, int targetStart) {
            if (count > length) {
                throw new IndexOutOfBoundsException("copy of " + count + " characters from a buffer of length " + length);
            }
            for (int i = 0; i < count; i++) {
                target[targetStart + i] = chars[i];
            }
        }

        private void ensureCapacity(int capacity) {
            if (capacity > chars.length) {
                char[] larger = new char[2 * capacity];
                for (int i = 0; i < length; i++) {
                    larger[i] = chars[i];
                }
                chars = larger;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new TextBuffer(), new TextBuffer());
    }

    static void check(TextBuffer target, TextBuffer source) throws InterruptedException {
        source.append('o');
        source.append('k');
        Thread appender = new Thread(() -> target.append(source));
        Thread truncater = new Thread(() -> source.setLength(0));
        appender.start();
        truncater.start();
        appender.join();
        truncater.join();
    }
}
