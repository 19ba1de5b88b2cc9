package dev.weft.instrument.support;

import dev.weft.runtime.hooks.Hooks;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The clock the program's {@code java.time} reads get ({@code Instant.now()}, {@code LocalDateTime.now()},
 * {@code Clock.systemUTC()} ...): the run's logical clock, as for {@code System.currentTimeMillis}, so that two runs
 * of one schedule read the same times. The JDK's system clock reads the machine's time, which no schedule fixes.
 */
final class LogicalClock extends Clock {
    private final ZoneId zone;

    LogicalClock(ZoneId zone) {
        this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new LogicalClock(other);
    }

    @Override
    public long millis() {
        return Hooks.currentTimeMillis();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LogicalClock clock && clock.zone.equals(zone);
    }

    @Override
    public int hashCode() {
        return zone.hashCode() + 1;
    }

    @Override
    public String toString() {
        return "LogicalClock[" + zone + "]";
    }
}
