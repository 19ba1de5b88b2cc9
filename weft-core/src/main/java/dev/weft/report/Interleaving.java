package dev.weft.report;

import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run laid out as a table for people: one column per thread (in order of first appearance), one row
 * per stretch of consecutive shown events of one thread, rows in execution order. Unless the full
 * trace is asked for, only the failure's {@link CausalPast} is shown: events that cannot have
 * influenced the failing events are hidden. Under TSO/PSO a buffered write says when it became
 * visible and its flush says when it was buffered; a read says which write it returned.
 */
public final class Interleaving {
    private static final int MAX_CELL = 100;

    /**
     * One shown event.
     *
     * @param step      1-based position in the run (the trace index plus one)
     * @param location  "File.java:line", or "" when the event has no program location
     * @param operation what happened, in words
     */
    public record Step(int step, String location, String operation) {
        String cell() {
            return "#" + step + " " + (location.isEmpty() ? "" : location + " ") + operation;
        }
    }

    /** Consecutive shown steps of the thread in column {@code column}. */
    public record Row(int column, List<Step> steps) {
        String stepRange() {
            int first = steps.get(0).step();
            int last = steps.get(steps.size() - 1).step();
            return first == last ? Integer.toString(first) : first + "-" + last;
        }
    }

    private final List<String> threads;
    private final List<Row> rows;
    private final int shown;
    private final int total;
    private final boolean full;

    private Interleaving(List<String> threads, List<Row> rows, int shown, int total, boolean full) {
        this.threads = threads;
        this.rows = rows;
        this.shown = shown;
        this.total = total;
        this.full = full;
    }

    /**
     * The table of {@code trace}, which failed with {@code bug} (or null for a run without one).
     * Without a bug and with {@code fullTrace}, every event is shown.
     */
    public static Interleaving of(Trace trace, Bug bug, boolean fullTrace) {
        CausalPast past = CausalPast.of(trace);
        int[] failing = fullTrace || bug == null ? new int[0] : failingEvents(trace, bug);
        BitSet shownEvents = new BitSet(trace.size());
        if (failing.length == 0) {
            shownEvents.set(0, trace.size());
        } else {
            shownEvents = past.before(failing);
            foldJdkSteps(trace, shownEvents);
        }
        Symbols symbols = trace.symbols();
        Map<Integer, Integer> flushOf = new HashMap<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                flushOf.put((int) e.value2(), e.index());
            }
        }
        Map<Integer, Integer> columns = new LinkedHashMap<>();
        List<String> threads = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (Event e : trace.events()) {
            if (!shownEvents.get(e.index())) {
                continue;
            }
            int column = columns.computeIfAbsent(e.thread(), t -> {
                threads.add(symbols.threads().name(t));
                return threads.size() - 1;
            });
            Location loc = symbols.locations().get(e.location());
            Step step = new Step(e.index() + 1, loc == null ? "" : loc.fileAndLine(), operation(e, past, flushOf, trace));
            Row last = rows.isEmpty() ? null : rows.get(rows.size() - 1);
            if (last != null && last.column() == column) {
                last.steps().add(step);
            } else {
                rows.add(new Row(column, new ArrayList<>(List.of(step))));
            }
        }
        return new Interleaving(List.copyOf(threads), rows, shownEvents.cardinality(), trace.size(),
                failing.length == 0);
    }

    /**
     * Hides the steps inside instrumented JDK code ({@code --instrument-jdk}): each JDK call shows as its own line, the
     * program's call, which its steps fold under; {@code --full-trace} shows them.
     */
    private static void foldJdkSteps(Trace trace, BitSet shownEvents) {
        for (Event e : trace.events()) {
            Location loc = trace.symbols().locations().get(e.location());
            if (loc != null && isJdkCode(loc.className())) {
                shownEvents.clear(e.index());
            }
        }
    }

    private static boolean isJdkCode(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }

    /**
     * The events the failure is about: the exit, the failing thread's last event, for a deadlock
     * or livelock the last event of every thread that did not end, for a data race its two accesses.
     * Empty when none can be named.
     */
    private static int[] failingEvents(Trace trace, Bug bug) {
        if (bug.kind() == BugKind.DATA_RACE) {
            return DataRaces.in(trace).stream()
                    .filter(pair -> bug.location().equals(trace.symbols().locations().get(pair.earlier().location()))
                            || bug.location().equals(trace.symbols().locations().get(pair.later().location())))
                    .findFirst().map(pair -> new int[] {pair.earlier().index(), pair.later().index()}).orElse(new int[0]);
        }
        Map<Integer, Event> lastOfThread = new LinkedHashMap<>();
        Event exit = null;
        for (Event e : trace.events()) {
            if (e.kind() != EventKind.FLUSH) {
                lastOfThread.put(e.thread(), e);
            }
            if (e.kind() == EventKind.EXIT) {
                exit = e;
            }
        }
        if (bug.kind() == BugKind.EXIT && exit != null) {
            return new int[] {exit.index()};
        }
        if (bug.kind() == BugKind.DEADLOCK || bug.kind() == BugKind.LIVELOCK) {
            return lastOfThread.values().stream().filter(e -> e.kind() != EventKind.END).mapToInt(Event::index).toArray();
        }
        return lastOfThread.values().stream().filter(e -> trace.symbols().threads().name(e.thread()).equals(bug.thread()))
                .mapToInt(Event::index).toArray();
    }

    private static String operation(Event e, CausalPast past, Map<Integer, Integer> flushOf, Trace trace) {
        StringBuilder text = new StringBuilder(EventText.describe(e, trace));
        int source = e.has(Event.JDK_CALL_LINE) ? CausalPast.NOT_A_READ : past.readsFrom(e.index());
        if (source == CausalPast.INITIAL) {
            text.append(" (initial value)");
        } else if (source >= 0) {
            text.append(" (from #").append(source + 1).append(')');
        }
        if (e.kind() == EventKind.WRITE && e.has(Event.BUFFERED)) {
            Integer flush = flushOf.get(e.index());
            text.append(flush == null ? ", never visible to others" : ", visible at #" + (flush + 1));
        } else if (e.kind() == EventKind.FLUSH) {
            text.append(", buffered at #").append(e.value2() + 1);
        }
        return text.toString();
    }

    public List<String> threads() {
        return threads;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Events shown. */
    public int shown() {
        return shown;
    }

    /** Events the run had. */
    public int total() {
        return total;
    }

    /** True when every event is shown. */
    public boolean isFull() {
        return full;
    }

    /** One line saying what the table shows. */
    public String caption() {
        if (shown == total) {
            return "interleaving (all " + total + " events, in execution order)";
        }
        return "interleaving (the " + shown + " of " + total
                + " events that can have influenced the failure, in execution order, steps inside JDK calls folded under them;"
                + " --full-trace shows all)";
    }

    /** The table as fixed-width text, each line indented by {@code indent}. */
    public String toText(String indent) {
        int[] widths = new int[threads.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = threads.get(c).length();
        }
        int stepWidth = "step".length();
        for (Row row : rows) {
            stepWidth = Math.max(stepWidth, row.stepRange().length());
            for (Step s : row.steps()) {
                widths[row.column()] = Math.max(widths[row.column()], Math.min(MAX_CELL, s.cell().length()));
            }
        }
        StringBuilder out = new StringBuilder(indent).append(caption()).append(":\n");
        List<String> header = new ArrayList<>(threads);
        out.append(line(indent, stepWidth, "step", widths, header));
        out.append(indent).append("-".repeat(stepWidth));
        for (int width : widths) {
            out.append("-+-").append("-".repeat(width));
        }
        out.append('\n');
        for (Row row : rows) {
            for (int k = 0; k < row.steps().size(); k++) {
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < widths.length; c++) {
                    cells.add(c == row.column() ? clip(row.steps().get(k).cell()) : "");
                }
                out.append(line(indent, stepWidth, k == 0 ? row.stepRange() : "", widths, cells));
            }
        }
        return out.toString();
    }

    private static String line(String indent, int stepWidth, String step, int[] widths, List<String> cells) {
        StringBuilder line = new StringBuilder(indent).append(String.format(Locale.ROOT, "%-" + stepWidth + "s", step));
        for (int c = 0; c < widths.length; c++) {
            line.append(" | ").append(String.format(Locale.ROOT, "%-" + widths[c] + "s", cells.get(c)));
        }
        return line.toString().stripTrailing() + "\n";
    }

    private static String clip(String cell) {
        return cell.length() <= MAX_CELL ? cell : cell.substring(0, MAX_CELL - 1) + "…";
    }
}
