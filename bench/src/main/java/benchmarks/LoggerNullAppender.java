package benchmarks;

/**
 * Bug (the papers' "Logger"/"Log4J", after LOG4J-509): logging reads the appender count and then
 * each appender slot, while removing all appenders clears the slots before the count; the logger
 * can call a null appender (NullPointerException).
 */
public class LoggerNullAppender {
    static final class Appender {
        private int written;

        void append() {
            written = written + 1;
        }
    }

    static class Logger {
        private final Appender[] appenders = new Appender[2];
        private int count;

        void addAppender(Appender appender) {
            appenders[count] = appender;
            count = count + 1;
        }

        void log() {
            for (int i = 0; i < count; i++) {
                appenders[i].append();
            }
        }

        void removeAllAppenders() {
            for (int i = 0; i < count; i++) {
                appenders[i] = null;
            }
            count = 0;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new Logger());
    }

    static void check(Logger logger) throws InterruptedException {
        logger.addAppender(new Appender());
        Thread application = new Thread(logger::log);
        Thread shutdown = new Thread(logger::removeAllAppenders);
        application.start();
        shutdown.start();
        application.join();
        shutdown.join();
    }
}
