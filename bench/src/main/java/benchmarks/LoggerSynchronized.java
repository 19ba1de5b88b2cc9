package benchmarks;

/** The fix of {@link LoggerNullAppender}: logging and removing appenders hold the logger's monitor. Correct. */
public class LoggerSynchronized {
    static final class SynchronizedLogger extends LoggerNullAppender.Logger {
        @Override
        synchronized void log() {
            super.log();
        }

        @Override
        synchronized void removeAllAppenders() {
            super.removeAllAppenders();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        LoggerNullAppender.check(new SynchronizedLogger());
    }
}
