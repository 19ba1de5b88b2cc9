package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A deadlock names the line each thread is blocked at and the line where each lock it waits for was taken. */
class DeadlockReportTest {

    @Test
    void aLockOrderInversionNamesEachThreadsLineAndWhereTheLocksWereTaken() throws Exception {
        Bug bug = Checker.check(CheckRequest.forMainClass("examples.LockOrderInversion")
                .classpath(List.of(RealRuns.examplesClasspath())).build()).bugs().get(0).bug();

        assertEquals(BugKind.DEADLOCK, bug.kind());
        assertEquals(19, bug.location().line(), bug.toString());
        String message = bug.message();
        assertTrue(message.contains("main at LockOrderInversion.java:19 waits to join"), message);
        assertTrue(message.contains("main.1 at LockOrderInversion.java:25 waits for lock"), message);
        assertTrue(message.contains("main.2 at LockOrderInversion.java:25 waits for lock"), message);
        assertTrue(message.contains("held by main.2 (taken at LockOrderInversion.java:24)"), message);
        assertTrue(message.contains("held by main.1 (taken at LockOrderInversion.java:24)"), message);
    }
}
