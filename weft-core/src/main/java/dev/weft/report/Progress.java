package dev.weft.report;

import dev.weft.explore.Explorer;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Follows an exploration run by run: keeps a bounded history of samples (runs, seeds pending, bugs,
 * seconds) for the HTML report and, when given a writer, prints a progress line at most every
 * {@code intervalSeconds}: rewritten in place on a terminal, one line each time otherwise.
 */
public final class Progress implements Explorer.Listener {
    /** History kept for the report; when full, every other sample is dropped, so it spans the whole exploration. */
    private static final int MAX_SAMPLES = 512;

    public record Sample(long executions, long pending, int bugs, double seconds) {
    }

    private final PrintWriter out;
    private final boolean sameLine;
    private final double intervalSeconds;
    private final List<Sample> samples = new ArrayList<>();
    private long keepEvery = 1;
    private double lastPrinted = Double.NEGATIVE_INFINITY;
    private boolean printed;

    /**
     * @param out             where to print progress lines, or null to only record samples
     * @param sameLine        rewrite one line (a terminal) instead of printing a line each time
     * @param intervalSeconds least time between two progress lines
     */
    public Progress(PrintWriter out, boolean sameLine, double intervalSeconds) {
        this.out = out;
        this.sameLine = sameLine;
        this.intervalSeconds = intervalSeconds;
    }

    @Override
    public synchronized void afterRun(long executions, long pending, int bugs, double seconds) {
        Sample sample = new Sample(executions, pending, bugs, seconds);
        if (executions % keepEvery == 0) {
            samples.add(sample);
            if (samples.size() >= MAX_SAMPLES) {
                keepEvery *= 2;
                samples.removeIf(s -> s.executions() % keepEvery != 0);
            }
        }
        if (out != null && seconds - lastPrinted >= intervalSeconds) {
            lastPrinted = seconds;
            printed = true;
            // On a terminal the line is padded so a shorter line fully covers the one before it.
            out.print(sameLine ? "\r" + String.format(Locale.ROOT, "%-72s", line(sample)) : line(sample) + System.lineSeparator());
            out.flush();
        }
    }

    /** Ends the in-place progress line so the report starts on a line of its own. */
    public synchronized void finish() {
        if (out != null && sameLine && printed) {
            out.println();
            out.flush();
        }
    }

    /** The recorded samples, oldest first. */
    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    static String line(Sample s) {
        return String.format(Locale.ROOT, "weft: %d run%s, %d seed%s pending, %d bug%s, %.1f s", s.executions(),
                s.executions() == 1 ? "" : "s", s.pending(), s.pending() == 1 ? "" : "s", s.bugs(), s.bugs() == 1 ? "" : "s", s.seconds());
    }
}
