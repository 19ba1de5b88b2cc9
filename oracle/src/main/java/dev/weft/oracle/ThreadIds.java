package dev.weft.oracle;

/** A thread's id, which also orders threads by creation; {@code Thread.threadId()} is JDK 19+, and the oracle runs on 17. */
final class ThreadIds {
    private ThreadIds() {
    }

    @SuppressWarnings("deprecation")
    static long of(Thread thread) {
        return thread.getId();
    }
}
