package dev.weft.report;

import dev.weft.explore.DurationText;
import dev.weft.explore.Explorer;
import dev.weft.trace.RunResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Follows a check: keeps a bounded history of samples (runs, seeds pending, bugs, seconds) for the
 * HTML report and, when given a writer, prints what is known on a clock of its own ({@link #start}),
 * from the first second on, also while the program is opened or the first run is still going:
 * runs and runs per second, seeds pending (runs still to do, of every worker), distinct outcomes,
 * bugs, workers busy (with more than one), time elapsed and time left of the limit. On a terminal the line is rewritten in place, otherwise one line each time.
 */
public final class Progress implements Explorer.Listener {
    /** History kept for the report; when full, every other sample is dropped, so it spans the whole exploration. */
    private static final int MAX_SAMPLES = 512;
    /** Distinct outcomes counted at most; more show as "100000+ outcomes" (each costs its text's memory). */
    private static final int MAX_OUTCOMES = 100_000;

    public record Sample(long executions, long pending, int bugs, double seconds) {
    }

    private final PrintWriter out;
    private final boolean sameLine;
    private final double intervalSeconds;
    private final Duration timeLimit;
    private final List<Sample> samples = new ArrayList<>();
    private final Set<String> outcomes = new HashSet<>();
    private long keepEvery = 1;
    private Sample latest = new Sample(0, 0, 0, 0);
    private final long startNanos = System.nanoTime();
    private boolean finished;
    private int busyWorkers;
    private int workers = 1;
    private ScheduledExecutorService clock;

    /**
     * @param out             where to print progress lines, or null to only record samples
     * @param sameLine        rewrite one line (a terminal) instead of printing a line each time
     * @param intervalSeconds time between two progress lines
     * @param timeLimit       the check's time limit, for the time left (null: none)
     */
    public Progress(PrintWriter out, boolean sameLine, double intervalSeconds, Duration timeLimit) {
        this.out = out;
        this.sameLine = sameLine;
        this.intervalSeconds = intervalSeconds;
        this.timeLimit = timeLimit;
    }

    /** Prints a line one second from now and then every interval, until {@link #finish}; nothing without a writer. */
    public synchronized void start() {
        if (out == null || clock != null) {
            return;
        }
        clock = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "weft-progress");
            thread.setDaemon(true);
            return thread;
        });
        clock.scheduleAtFixedRate(this::onClock, 1000, Math.max(100, (long) (intervalSeconds * 1000)),
                TimeUnit.MILLISECONDS);
    }

    /** Counts the run's outcome (its final state, or its bugs) among the distinct ones. */
    public synchronized void runFinished(RunResult run) {
        if (out != null && outcomes.size() < MAX_OUTCOMES) {
            outcomes.add(run.outcome());
        }
    }

    @Override
    public synchronized void afterRun(long executions, long pending, int bugs, double seconds) {
        Sample sample = new Sample(executions, pending, bugs, seconds);
        latest = sample;
        if (executions % keepEvery == 0) {
            samples.add(sample);
            if (samples.size() >= MAX_SAMPLES) {
                keepEvery *= 2;
                samples.removeIf(s -> s.executions() % keepEvery != 0);
            }
        }
    }

    @Override
    public synchronized void workers(int busy, int total) {
        busyWorkers = busy;
        workers = total;
    }

    /** Prints what is known {@code elapsed} seconds into the check. */
    public synchronized void tick(double elapsed) {
        if (out == null) {
            return;
        }
        // On a terminal the line is padded so a shorter line fully covers the one before it.
        out.print(sameLine ? "\r" + String.format(Locale.ROOT, "%-100s", line(elapsed)) : line(elapsed) + System.lineSeparator());
        out.flush();
    }

    /**
     * Stops the clock and prints the last line (a short check gets one too), ending an in-place line
     * so the report starts on a line of its own; called again, it does nothing.
     */
    public synchronized void finish() {
        if (clock != null) {
            clock.shutdownNow();
            clock = null;
        }
        if (out == null || finished) {
            return;
        }
        finished = true;
        tick(elapsed());
        if (sameLine) {
            out.println();
            out.flush();
        }
    }

    private synchronized void onClock() {
        if (!finished) {
            tick(elapsed());
        }
    }

    private double elapsed() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** The recorded samples, oldest first. */
    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    private String line(double elapsed) {
        Sample s = latest;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "weft: %s, %.1f/s, %s pending, %s%s, %s, %.1f s elapsed",
                count(s.executions(), "run"), elapsed > 0 ? s.executions() / elapsed : 0.0, count(s.pending(), "seed"),
                outcomes.size(), outcomes.size() >= MAX_OUTCOMES ? "+ outcomes" : outcomes.size() == 1 ? " outcome" : " outcomes",
                count(s.bugs(), "bug"), elapsed));
        if (workers > 1) {
            line.append(String.format(Locale.ROOT, ", %d of %d workers busy", busyWorkers, workers));
        }
        if (timeLimit != null) {
            double left = Math.max(0, timeLimit.toMillis() / 1000.0 - elapsed);
            line.append(String.format(Locale.ROOT, ", %.1f s left of %s", left, DurationText.format(timeLimit)));
        }
        if (s.executions() == 0) {
            line.append(" (the first run has not ended yet)");
        }
        return line.toString();
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
