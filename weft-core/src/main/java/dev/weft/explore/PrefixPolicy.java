package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import java.util.List;
import java.util.Map;

/**
 * Follows a fixed schedule prefix choice by choice, then hands over to another policy. A prefix
 * choice that is not enabled is returned anyway: the runtime reports the run as diverged.
 */
public final class PrefixPolicy implements SchedulePolicy {
    private final List<Choice> prefix;
    private final SchedulePolicy then;
    private final boolean describes;
    private final Map<String, Long> inputs;

    public PrefixPolicy(List<Choice> prefix, SchedulePolicy then) {
        this(prefix, then, false, Map.of());
    }

    private PrefixPolicy(List<Choice> prefix, SchedulePolicy then, boolean describes, Map<String, Long> inputs) {
        this.prefix = prefix;
        this.then = then;
        this.describes = describes;
        this.inputs = Map.copyOf(inputs);
    }

    /** This policy, giving the program's inputs these values (by name): a replay gives the values its run read. */
    public PrefixPolicy withInputs(Map<String, Long> values) {
        return new PrefixPolicy(prefix, then, describes, values);
    }

    @Override
    public Map<String, Long> inputs() {
        return inputs;
    }

    /** Replays a run's schedule for its report: the run describes its JDK calls ({@link SchedulePolicy#recordsForReport}). */
    public static PrefixPolicy forReport(List<Choice> schedule) {
        return new PrefixPolicy(schedule, ContinuationPolicy.INSTANCE, true, Map.of());
    }

    @Override
    public boolean recordsForReport() {
        return describes;
    }

    @Override
    public Choice choose(SchedulingPoint point) {
        int step = point.steps();
        return step < prefix.size() ? prefix.get(step) : then.choose(point);
    }
}
