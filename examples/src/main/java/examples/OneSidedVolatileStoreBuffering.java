package examples;

/**
 * Store buffering with only one of the two flags volatile: a thread announces itself with a plain
 * write and then checks the other's volatile flag. The volatile write is followed by a StoreLoad
 * fence, but the volatile read is a plain load on x86 that does not wait for the thread's own
 * buffered plain write, so under TSO and PSO both threads can see the other's flag lowered (and a
 * real JVM on x86 can end so). Correct under SC; making both flags volatile fixes it.
 */
public class OneSidedVolatileStoreBuffering {
    static int firstWaiting;
    static volatile int secondWaiting;
    static int firstSaw = -1;
    static int secondSaw = -1;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> {
            firstWaiting = 1;
            firstSaw = secondWaiting;
        });
        Thread second = new Thread(() -> {
            secondWaiting = 1;
            secondSaw = firstWaiting;
        });
        first.start();
        second.start();
        first.join();
        second.join();
        if (firstSaw == 0 && secondSaw == 0) {
            throw new AssertionError("neither thread saw the other's flag: the plain write was still buffered");
        }
    }
}
