package examples.jdkdeep;

import examples.jdk.TwoThreads;

/** Two threads append to one StringBuilder, each under its monitor: no character is lost. */
public class StringBuilderAppendsLocked {
    public static void main(String[] args) throws InterruptedException {
        StringBuilder text = new StringBuilder();
        TwoThreads.run(() -> append(text, "ab"), () -> append(text, "cd"));
        if (text.length() != 4) {
            throw new AssertionError("lost characters: " + text);
        }
    }

    private static void append(StringBuilder text, String more) {
        synchronized (text) {
            text.append(more);
        }
    }
}
