package examples.jdk;

/** Two threads append to one StringBuffer, whose every call holds its monitor: both appends arrive, and nothing races. */
public class StringBufferAppends {
    public static void main(String[] args) throws InterruptedException {
        StringBuffer text = new StringBuffer();
        TwoThreads.run(() -> text.append("ab"), () -> text.append("cd"));
        if (text.length() != 4) {
            throw new AssertionError("lost an append: " + text);
        }
    }
}
