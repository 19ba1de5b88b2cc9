package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import java.util.List;

/**
 * The default way to finish a run once its prescribed schedule is used up: the first enabled thread
 * in start order, always. After an MCR seed has forced one thread's read, this lets the earlier
 * threads act before that thread's own later writes, so a seed for "both threads read the old
 * value" reaches the lost update in the run itself instead of one run later. Buffered writes
 * (TSO/PSO) are published as soon as they are made, so a run continued this way behaves as under
 * SC from then on. Strategies whose later runs start from the traces this
 * produces (MCR) explore the delayed publications through their own schedules. It never wakes a
 * thread spuriously (those choices come last, after the due steps and the flushes), and a blocking
 * call returns the first way it can: notified if it was, else timed out, else interrupted.
 */
public final class ContinuationPolicy implements SchedulePolicy {
    public static final ContinuationPolicy INSTANCE = new ContinuationPolicy();

    private ContinuationPolicy() {
    }

    @Override
    public Choice choose(SchedulingPoint point) {
        List<Choice> enabled = point.enabled();
        for (int i = 0; i < enabled.size(); i++) { // indexed: this runs at every step of a long run
            if (enabled.get(i).isFlush()) {
                return enabled.get(i);
            }
        }
        return enabled.get(0);
    }
}
