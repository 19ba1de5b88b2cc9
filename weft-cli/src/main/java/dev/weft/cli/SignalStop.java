package dev.weft.cli;

import dev.weft.explore.Deadline;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM during {@code weft check}: the JVM runs this shutdown hook, which
 * cancels the exploration's deadline (everything working for it stops: runs, solving, race
 * prediction), waits for the report to be written, and ends the JVM with the check's own exit
 * status, as if it had ended at a limit. Without the report in time the JVM ends anyway.
 */
final class SignalStop {
    /** How long the hook waits for the report; the check is meant to stop and report well within 2 s. */
    private static final long REPORT_WAIT_SECONDS = 5;

    private final Thread hook;
    private final CountDownLatch reported = new CountDownLatch(1);
    private volatile int exitStatus = Main.ERROR;

    private SignalStop(Deadline deadline) {
        this.hook = new Thread(() -> {
            deadline.cancel();
            if (awaitReport()) {
                // System.exit would block inside a shutdown hook; the status would be the signal's.
                Runtime.getRuntime().halt(exitStatus);
            }
        }, "weft-cancel");
    }

    static SignalStop install(Deadline deadline) {
        SignalStop stop = new SignalStop(deadline);
        Runtime.getRuntime().addShutdownHook(stop.hook);
        return stop;
    }

    /** The report is written (or writing it failed): a signal from now on ends the JVM at once, with {@code exitStatus}. */
    void reported(int status) {
        exitStatus = status;
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // A signal arrived: the hook is running and ends the JVM with the status just set.
        }
    }

    private boolean awaitReport() {
        try {
            return reported.await(REPORT_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
