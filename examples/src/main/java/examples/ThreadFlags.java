package examples;

/**
 * One plain boolean flag per thread (0 or 1) for the busy-wait mutual exclusion examples, kept in
 * two fields rather than an array so that each flag access is a single shared access.
 */
final class ThreadFlags {
    private static boolean raised0;
    private static boolean raised1;

    private ThreadFlags() {
    }

    static boolean isRaised(int thread) {
        return thread == 0 ? raised0 : raised1;
    }

    static void set(int thread, boolean raised) {
        if (thread == 0) {
            raised0 = raised;
        } else {
            raised1 = raised;
        }
    }
}
