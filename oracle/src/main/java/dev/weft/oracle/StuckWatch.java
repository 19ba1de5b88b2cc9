package dev.weft.oracle;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Tells a deadlock from a pause on plain threads: every live thread of the run waits without a
 * timeout or is blocked on a monitor, every lock one of them waits for is held by one of them, and
 * none of them has woken or blocked again (the JVM's per-thread wait and block counts are unchanged)
 * for a whole window. A thread that was notified but has not been scheduled yet still shows as
 * waiting, so the window must be longer than a scheduling delay; the oracle makes it long enough
 * that a false deadlock would need a thread to go unscheduled for that long on a busy machine. A run
 * with a thread inside {@code System.exit} is never stuck: that thread waits for the shutdown hooks,
 * and the JVM is about to end.
 */
final class StuckWatch {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final long windowNanos;
    private String signature;
    private long since;

    StuckWatch(long windowMillis) {
        this.windowNanos = windowMillis * 1_000_000;
    }

    /** Samples {@code live}; true once it has looked stuck, unchanged, for the whole window. */
    boolean deadlocked(List<Thread> live) {
        String now = stuckSignature(live);
        if (now == null) {
            signature = null;
            return false;
        }
        if (!now.equals(signature)) {
            signature = now;
            since = System.nanoTime();
            return false;
        }
        return System.nanoTime() - since >= windowNanos;
    }

    /** Null unless every thread looks stuck; else each thread's state and its wait and block counts. */
    private String stuckSignature(List<Thread> live) {
        for (Thread thread : live) {
            if (!waitsForGood(thread.getState())) {
                return null;
            }
        }
        if (live.stream().anyMatch(thread -> Exits.isExiting(thread.getStackTrace()))) {
            return null;
        }
        Set<Long> ids = new HashSet<>();
        long[] idArray = new long[live.size()];
        for (int i = 0; i < idArray.length; i++) {
            idArray[i] = ThreadIds.of(live.get(i));
            ids.add(idArray[i]);
        }
        StringBuilder signature = new StringBuilder();
        for (ThreadInfo info : threads.getThreadInfo(idArray)) {
            if (info == null || !waitsForGood(info.getThreadState())) {
                return null;
            }
            long owner = info.getLockOwnerId();
            boolean ownerAmongThem = owner == -1 ? info.getThreadState() != Thread.State.BLOCKED : ids.contains(owner);
            if (!ownerAmongThem) {
                return null;
            }
            signature.append(info.getThreadId()).append(' ').append(info.getThreadState()).append(' ')
                    .append(info.getBlockedCount()).append('/').append(info.getWaitedCount()).append(';');
        }
        return signature.toString();
    }

    private static boolean waitsForGood(Thread.State state) {
        return state == Thread.State.WAITING || state == Thread.State.BLOCKED;
    }
}
