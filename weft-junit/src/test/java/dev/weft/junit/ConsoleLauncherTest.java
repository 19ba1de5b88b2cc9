package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.platform.console.ConsoleLauncher;

/** The JUnit console launcher, as a user runs it from a shell, drives {@link WeftTest} methods like Surefire does. */
class ConsoleLauncherTest {
    private record Launch(int exitCode, String output) {
    }

    private static Launch launch(String method) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = ConsoleLauncher.run(new PrintWriter(out), new PrintWriter(err), "execute", "--disable-banner",
                "--disable-ansi-colors", "--details=tree", "--select-method", method).getExitCode();
        return new Launch(exitCode, out + "\n" + err);
    }

    @Test
    void aRacyTestFailsWithItsInterleaving() {
        Launch launch = launch("fixtures.RacyCounter#lambdaBody");
        assertEquals(1, launch.exitCode(), launch.output());
        assertTrue(launch.output().contains("BUG (assertion)"), launch.output());
        assertTrue(launch.output().contains("interleaving"), launch.output());
    }

    @Test
    void aLockedTestPasses() {
        Launch launch = launch("fixtures.LockedCounter#noUpdateLost");
        assertEquals(0, launch.exitCode(), launch.output());
        assertTrue(launch.output().contains("1 tests successful"), launch.output());
    }
}
