package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a run records becomes its result: here, the reasons it cannot count as covering what it stands for. */
class RecordingTest {

    @Test
    void aRunsIncompleteReasonsReachItsResultOnceEach() {
        Recording recording = new Recording(new Symbols(), false);
        IncompleteReason loop = IncompleteReason.of("loop-bound", "a loop at A.java:7 ran past the loop bound");
        IncompleteReason spin = IncompleteReason.of("lock-held-spin", "a spinning thread was let go because the others waited for its lock");
        recording.incomplete(loop);
        recording.incomplete(spin);
        recording.incomplete(IncompleteReason.of("loop-bound", "a loop at A.java:7 ran past the loop bound"));
        RunResult result = recording.result(RunResult.Status.COMPLETED, null, null, Map.of(), Map.of());
        assertEquals(List.of(loop, spin), result.incompleteReasons());
        // The recording is forgotten with the rest: the next result starts without reasons.
        assertEquals(List.of(), recording.result(RunResult.Status.COMPLETED, null, null, Map.of(), Map.of()).incompleteReasons());
    }
}
