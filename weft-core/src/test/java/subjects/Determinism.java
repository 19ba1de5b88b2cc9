package subjects;

import java.util.Random;

/** Identity hash codes, clocks and random numbers, which the runtime makes stable. */
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
    }
}
