package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weft.trace.Event;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/** What a finished run leaves behind in the JVM. */
class FinishedRunTest {

    /**
     * A run's handler outlives the run: the run's class loader refers to it until the JVM unloads the
     * loader (for a {@link TestProgram} the handler it installs in {@code Hooks} plays that part). It
     * must not keep the run's recording alive, or every young collection copies the traces of all
     * runs not yet unloaded.
     */
    @Test
    void theHandlerOfAFinishedRunDoesNotKeepItsTraceAlive() {
        TestProgram program = Runs.threads(t -> t.write("x", 1), t -> t.write("x", 2));
        WeakReference<Event> firstEvent = firstEventOfOneRun(program);
        for (int collection = 0; collection < 10 && firstEvent.get() != null; collection++) {
            System.gc();
        }
        assertNull(firstEvent.get(), "the run's first event is still reachable once its result is gone");
    }

    /** A method of its own, so that nothing in the test's frame holds the run's result. */
    private static WeakReference<Event> firstEventOfOneRun(TestProgram program) {
        RunResult result = Runs.once(program, MemoryModel.SC);
        assertEquals(RunResult.Status.COMPLETED, result.status(), result::detail);
        return new WeakReference<>(result.trace().get(0));
    }
}
