package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void printsAfterTheFirstRunAndThenWhenTheIntervalHasPassed() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false, 5);
        progress.afterRun(1, 3, 0, 1.0);
        progress.afterRun(2, 4, 0, 5.5);
        progress.afterRun(3, 2, 1, 6.0);
        progress.finish();
        String n = System.lineSeparator();
        assertEquals("weft: 1 run, 3 seeds pending, 0 bugs, 1.0 s" + n + "weft: 3 runs, 2 seeds pending, 1 bug, 6.0 s" + n, text.toString());
    }

    @Test
    void onATerminalRewritesOneLineAndEndsIt() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), true, 0);
        progress.afterRun(1, 1, 0, 0.5);
        progress.afterRun(2, 0, 1, 1.0);
        progress.finish();
        String out = text.toString();
        assertTrue(out.startsWith("\rweft: 1 run, 1 seed pending, 0 bugs, 0.5 s"), out);
        assertTrue(out.contains("\rweft: 2 runs, 0 seeds pending, 1 bug, 1.0 s"), out);
        assertTrue(out.endsWith(System.lineSeparator()), out);
    }

    @Test
    void keepsABoundedHistorySpanningTheWholeExploration() {
        Progress progress = new Progress(null, false, 0);
        for (int run = 1; run <= 10_000; run++) {
            progress.afterRun(run, run % 7, 0, run / 100.0);
        }
        assertTrue(progress.samples().size() < 512, "samples: " + progress.samples().size());
        assertTrue(progress.samples().get(progress.samples().size() - 1).executions() > 9_000);
        assertTrue(progress.samples().get(0).executions() < 100);
    }
}
