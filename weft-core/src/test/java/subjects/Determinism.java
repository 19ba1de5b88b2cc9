package subjects;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Random;

/** Identity hash codes, clocks (java.time's too) and random numbers, which the runtime makes stable. */
public class Determinism {
    static int identityOfNull;
    static int identity;
    static int plainHash;
    static int overriddenHash;
    static int superHash;
    static int stringHash;
    static long millis;
    static long nanos;
    static double random;
    static int seeded;
    static long instant;
    static long utcClock;
    static long local;
    static long zoned;

    static class Plain {
    }

    static class Hashed {
        @Override
        public int hashCode() {
            return 31 + super.hashCode();
        }
    }

    public static void main(String[] args) {
        identityOfNull = System.identityHashCode(null);
        Object object = new Object();
        identity = System.identityHashCode(object);
        Object plain = new Plain();
        plainHash = plain.hashCode();
        overriddenHash = new Hashed().hashCode();
        Object string = "weft";
        stringHash = string.hashCode();
        millis = System.currentTimeMillis();
        nanos = System.nanoTime();
        random = Math.random();
        seeded = new Random().nextInt();
        instant = Instant.now().toEpochMilli();
        utcClock = Clock.systemUTC().millis();
        local = LocalDateTime.now().atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        zoned = ZonedDateTime.now(ZoneOffset.UTC).toInstant().toEpochMilli();
    }
}
