package examples.jdk;

/**
 * Two threads write a log line to a shared StringBuilder and add the header first when the log is
 * empty; the check and the header's append are separately locked, so both can add the header.
 */
public class StringBuilderCheckThenAct {
    private static final String HEADER = "log:";

    public static void main(String[] args) throws InterruptedException {
        Object lock = new Object();
        StringBuilder log = new StringBuilder();
        Runnable write = () -> {
            boolean empty;
            synchronized (lock) {
                empty = log.length() == 0;
            }
            synchronized (lock) {
                if (empty) {
                    log.append(HEADER);
                }
                log.append('x');
            }
        };
        TwoThreads.run(write, write);
        if (log.indexOf(HEADER) != log.lastIndexOf(HEADER)) {
            throw new AssertionError("two headers: " + log);
        }
    }
}
