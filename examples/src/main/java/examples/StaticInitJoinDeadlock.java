package examples;

/**
 * A static initialiser starts a thread that uses its class, then joins it. The thread waits for the
 * class's initialisation to finish, which waits for the thread (JLS 12.4.2): a deadlock, in every run.
 * A plain JVM hangs without a word (the waiting thread looks runnable); Weft reports the deadlock.
 */
public class StaticInitJoinDeadlock {
    static final class Cache {
        static int size;

        static {
            Thread filler = new Thread(() -> size = 10);
            filler.start();
            try {
                filler.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static void main(String[] args) {
        if (Cache.size != 10) {
            throw new AssertionError("the filler did not fill the cache");
        }
    }
}
