package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import fixtures.InputThreshold;
import fixtures.LockedCounter;
import fixtures.RacyCounter;
import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code @WeftTest(replay = ...)}: checked through {@link WeftCheck} with the settings a developer would write. */
class ReplayTest {
    @TempDir
    Path schedules;

    @Test
    void replayReproducesTheSavedBugWithTheSameInterleaving() throws Exception {
        TestEntry racy = TestEntry.of(RacyCounter.class, RacyCounter.class.getDeclaredMethod("lambdaBody"));
        System.setProperty(WeftCheck.SCHEDULE_DIR_PROPERTY, schedules.toString());
        AssertionError found;
        try {
            found = assertThrows(AssertionError.class, () -> new WeftCheck(settings(""), racy).run());
        } finally {
            System.clearProperty(WeftCheck.SCHEDULE_DIR_PROPERTY);
        }
        Path schedule = schedules.resolve("fixtures.RacyCounter.lambdaBody.json");
        assertTrue(Files.isRegularFile(schedule), found.getMessage());

        AssertionError replayed = assertThrows(AssertionError.class, () -> new WeftCheck(settings(schedule.toString()), racy).run());
        assertEquals(found.getMessage().lines().findFirst(), replayed.getMessage().lines().findFirst());
        assertEquals(interleaving(found.getMessage()), interleaving(replayed.getMessage()));
        assertEquals(found.getCause().getMessage(), replayed.getCause().getMessage());
    }

    @Test
    void aBugThatNeedsStandardInputReplaysFromItsScheduleWithoutStandardInput() throws Exception {
        TestEntry threshold = TestEntry.of(InputThreshold.class, InputThreshold.class.getDeclaredMethod("countReachesTheThreshold"));
        System.setProperty(WeftCheck.SCHEDULE_DIR_PROPERTY, schedules.toString());
        AssertionError found;
        try {
            found = withStandardInput("2\n", () -> assertThrows(AssertionError.class, () -> new WeftCheck(settings(""), threshold).run()));
        } finally {
            System.clearProperty(WeftCheck.SCHEDULE_DIR_PROPERTY);
        }
        Path schedule = schedules.resolve("fixtures.InputThreshold.countReachesTheThreshold.json");
        assertTrue(Files.readString(schedule).contains("\"stdin\" : \"2\\n\""), found.getMessage());

        AssertionError replayed = withStandardInput("",
                () -> assertThrows(AssertionError.class, () -> new WeftCheck(settings(schedule.toString()), threshold).run()));
        assertEquals(found.getMessage().lines().findFirst(), replayed.getMessage().lines().findFirst());
        String passes = withStandardInput("", () -> new WeftCheck(settings(""), threshold).run());
        assertTrue(passes.contains("every behaviour covered"), passes);
    }

    private static <T> T withStandardInput(String text, java.util.function.Supplier<T> body) {
        java.io.InputStream before = System.in;
        System.setIn(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        try {
            return body.get();
        } finally {
            System.setIn(before);
        }
    }

    @Test
    void aScheduleOfAnotherTestIsRefused() throws Exception {
        Path other = schedules.resolve("other.json");
        System.setProperty(WeftCheck.SCHEDULE_DIR_PROPERTY, schedules.toString());
        try {
            TestEntry racy = TestEntry.of(RacyCounter.class, RacyCounter.class.getDeclaredMethod("methodReferenceBody"));
            assertThrows(AssertionError.class, () -> new WeftCheck(settings(""), racy).run());
        } finally {
            System.clearProperty(WeftCheck.SCHEDULE_DIR_PROPERTY);
        }
        Files.move(schedules.resolve("fixtures.RacyCounter.methodReferenceBody.json"), other);
        TestEntry locked = TestEntry.of(LockedCounter.class, LockedCounter.class.getDeclaredMethod("noUpdateLost"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new WeftCheck(settings(other.toString()), locked).run());
        assertTrue(refused.getMessage().contains("was saved for fixtures.RacyCounter#methodReferenceBody"), refused.getMessage());
    }

    @Test
    void aMissingScheduleFileIsOneClearError() throws Exception {
        TestEntry racy = TestEntry.of(RacyCounter.class, RacyCounter.class.getDeclaredMethod("lambdaBody"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new WeftCheck(settings(schedules.resolve("missing.json").toString()), racy).run());
        assertTrue(refused.getMessage().startsWith("@WeftTest(replay): cannot read schedule file"), refused.getMessage());
    }

    private static String interleaving(String report) {
        return report.substring(report.indexOf("interleaving ("), report.indexOf("stack trace:"));
    }

    /** The annotation as {@code @WeftTest(replay = ...)} with every other attribute at its default. */
    private static WeftTest settings(String replay) {
        return new WeftTest() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return WeftTest.class;
            }

            @Override
            public MemoryModel memoryModel() {
                return MemoryModel.SC;
            }

            @Override
            public String strategy() {
                return "mcr";
            }

            @Override
            public long maxExecutions() {
                return 0;
            }

            @Override
            public int workers() {
                return 1;
            }

            @Override
            public String timeLimit() {
                return "";
            }

            @Override
            public boolean allowIncomplete() {
                return false;
            }

            @Override
            public boolean failOnRace() {
                return false;
            }

            @Override
            public boolean spuriousWakeups() {
                return RunConfig.SPURIOUS_WAKEUPS;
            }

            @Override
            public String replay() {
                return replay;
            }

            @Override
            public long seed() {
                return 0;
            }

            @Override
            public int loopBound() {
                return RunConfig.LOOP_BOUND;
            }

            @Override
            public String[] instrumentJdk() {
                return new String[0];
            }

            @Override
            public String[] assumeVolatile() {
                return new String[0];
            }

            @Override
            public String[] fences() {
                return new String[0];
            }
        };
    }
}
