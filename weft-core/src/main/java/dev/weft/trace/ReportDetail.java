package dev.weft.trace;

import java.util.Map;

/**
 * What a run recorded only because a report will show it ({@code SchedulePolicy.recordsForReport}):
 * empty for the runs an exploration makes, filled for the replay of a bug for its report.
 *
 * @param callTexts the JDK calls as the program made them ({@code ids.get("alice") → null}), by the trace index of the call's event
 * @param origins   where each object the program allocated was allocated, by its stable id ({@link ObjectIds})
 * @param paths     the shortest field path from a static field to each object reachable at the run's end, by stable id
 */
public record ReportDetail(Map<Integer, String> callTexts, Map<Long, ObjectOrigin> origins, Map<Long, String> paths) {
    public static final ReportDetail NONE = new ReportDetail(Map.of(), Map.of(), Map.of());

    public ReportDetail {
        callTexts = Map.copyOf(callTexts);
        origins = Map.copyOf(origins);
        paths = Map.copyOf(paths);
    }
}
