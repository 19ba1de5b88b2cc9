package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void saysWhatIsKnownBeforeTheFirstRunEnds() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false, 2, Duration.ofMinutes(1));
        progress.tick(1.0);
        assertEquals("weft: 0 runs, 0.0/s, 0 seeds pending, 0 outcomes, 0 bugs, 1.0 s elapsed, 59.0 s left of 1m"
                + " (the first run has not ended yet)" + System.lineSeparator(), text.toString());
    }

    @Test
    void printsTheLatestCountsWithRateAndTimeLeft() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false, 2, Duration.ofSeconds(10));
        progress.afterRun(1, 3, 0, 1.0);
        progress.afterRun(8, 2, 1, 3.5);
        progress.tick(4.0);
        assertEquals("weft: 8 runs, 2.0/s, 2 seeds pending, 0 outcomes, 1 bug, 4.0 s elapsed, 6.0 s left of 10s"
                + System.lineSeparator(), text.toString());
    }

    @Test
    void withoutALimitNoTimeLeft() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false, 2, null);
        progress.afterRun(1, 1, 0, 0.5);
        progress.tick(1.0);
        assertEquals("weft: 1 run, 1.0/s, 1 seed pending, 0 outcomes, 0 bugs, 1.0 s elapsed" + System.lineSeparator(), text.toString());
    }

    @Test
    void onATerminalRewritesOneLineAndEndsItOnce() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), true, 0, null);
        progress.afterRun(1, 1, 0, 0.5);
        progress.tick(1.0);
        progress.afterRun(2, 0, 1, 1.0);
        progress.tick(2.0);
        progress.finish();
        progress.finish();
        String out = text.toString();
        assertTrue(out.startsWith("\rweft: 1 run, 1.0/s, 1 seed pending"), out);
        assertTrue(out.contains("\rweft: 2 runs, 1.0/s, 0 seeds pending, 0 outcomes, 1 bug, 2.0 s elapsed"), out);
        assertTrue(out.endsWith(System.lineSeparator()) && out.split("\r", -1).length == 4, "two ticks and the last line: " + out);
    }

    @Test
    void keepsABoundedHistorySpanningTheWholeExploration() {
        Progress progress = new Progress(null, false, 0, null);
        for (int run = 1; run <= 10_000; run++) {
            progress.afterRun(run, run % 7, 0, run / 100.0);
        }
        assertTrue(progress.samples().size() < 512, "samples: " + progress.samples().size());
        assertTrue(progress.samples().get(progress.samples().size() - 1).executions() > 9_000);
        assertTrue(progress.samples().get(0).executions() < 100);
    }
}
