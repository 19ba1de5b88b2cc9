package examples.juc;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** cancel(false) does not wait for a run of the periodic task that has begun: it can count once more after cancel returned. */
public class ScheduledPeriodicRacesCancel {
    private static volatile int ticks;

    public static void main(String[] args) throws InterruptedException {
        ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
        ScheduledFuture<?> ticking = scheduler.scheduleAtFixedRate(() -> ticks = ticks + 1, 0, 10, TimeUnit.MILLISECONDS);
        Thread.sleep(15);
        ticking.cancel(false);
        int afterCancel = ticks;
        scheduler.shutdown();
        scheduler.awaitTermination(1, TimeUnit.SECONDS);
        if (ticks != afterCancel) {
            throw new AssertionError("a tick after cancel returned: " + afterCancel + " then " + ticks);
        }
    }
}
