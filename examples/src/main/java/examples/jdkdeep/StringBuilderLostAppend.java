package examples.jdkdeep;

import examples.jdk.TwoThreads;

/**
 * Two threads append to one StringBuilder with no lock: both read its length before either writes it, and one
 * append's characters are lost (or overwritten), so the length check fails.
 */
public class StringBuilderLostAppend {
    public static void main(String[] args) throws InterruptedException {
        StringBuilder text = new StringBuilder();
        TwoThreads.run(() -> text.append("ab"), () -> text.append("cd"));
        if (text.length() != 4) {
            throw new AssertionError("lost characters: " + text);
        }
    }
}
