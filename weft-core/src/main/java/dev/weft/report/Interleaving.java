package dev.weft.report;

import dev.weft.race.DataRaces;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A run laid out as a table for people: one column per thread (in order of first appearance), one row
 * per stretch of consecutive shown events of one thread, rows in execution order. Unless the full
 * trace is asked for, only the failure's {@link CausalPast} is shown: events that cannot have
 * influenced the failing events are hidden. Under TSO/PSO a buffered write says when it became
 * visible and its flush says when it was buffered; a read says which write it returned.
 *
 * <p>The bounded table ({@link #of}) stays small at any run length: a block of events that repeats
 * (a loop; the same threads, operations, places and addresses, values aside) is shown once with a
 * note saying how often it came again, and past {@code maxEvents} shown events only the first and
 * last halves are kept, with a note of how many were left out. The unbounded table ({@link #unbounded})
 * shows every event and makes its rows as it is written, so that even a run of a million events is
 * streamed, never held as text.
 */
public final class Interleaving {
    /** Events a bounded table shows at most (its first and last halves), besides its notes. */
    public static final int DEFAULT_MAX_EVENTS = 400;
    /** Events each bug's table shows at least, however many bugs share a report. */
    private static final int MIN_EVENTS_PER_BUG = 40;
    private static final int MAX_CELL = 100;
    /** A thread's stretch is split into rows of this many steps in an unbounded table, so that no row holds a whole run. */
    private static final int MAX_ROW_STEPS = 1_000;
    /** A repetition is folded when at least this many copies follow the first, covering at least {@link #MIN_FOLDED} events. */
    private static final int MIN_COPIES = 3;
    private static final int MIN_FOLDED = 8;

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

    /**
     * Consecutive shown steps of the thread in column {@code column}; or, with {@code note} set, a line
     * across the table saying what was folded or left out there (column -1, no steps).
     */
    public record Row(int column, List<Step> steps, String note) {
        String stepRange() {
            if (steps.isEmpty()) {
                return "";
            }
            int first = steps.get(0).step();
            int last = steps.get(steps.size() - 1).step();
            return first == last ? Integer.toString(first) : first + "-" + last;
        }

        public boolean isNote() {
            return note != null;
        }
    }

    private final List<String> threads;
    private final Iterable<Row> rows;
    private final int shown;
    private final int total;
    private final boolean full;
    private final boolean abridged;
    /** Steps inside instrumented JDK calls were left out (folded under the calls' lines). */
    private final boolean jdkFolded;

    private Interleaving(List<String> threads, Iterable<Row> rows, int shown, int total, boolean full, boolean abridged, boolean jdkFolded) {
        this.jdkFolded = jdkFolded;
        this.threads = threads;
        this.rows = rows;
        this.shown = shown;
        this.total = total;
        this.full = full;
        this.abridged = abridged;
    }

    /**
     * The bounded table of {@code trace}, which failed with {@code bug} (or null for a run without one).
     * Without a bug and with {@code fullTrace}, every event is shown (repetition folded).
     */
    public static Interleaving of(Trace trace, Bug bug, boolean fullTrace) {
        return bounded(trace, bug, fullTrace, DEFAULT_MAX_EVENTS);
    }

    /** Each bug's share of a report's {@link #DEFAULT_MAX_EVENTS} when {@code bugs} bugs share it. */
    public static int eventsPerBug(int bugs) {
        return Math.max(MIN_EVENTS_PER_BUG, DEFAULT_MAX_EVENTS / Math.max(1, bugs));
    }

    /** The table with repetition folded and at most {@code maxEvents} events shown. */
    public static Interleaving bounded(Trace trace, Bug bug, boolean fullTrace, int maxEvents) {
        return bounded(trace, bug, fullTrace, maxEvents, null);
    }

    /**
     * The bounded table in which only the threads of {@code ownColumns} (null: every thread) have a
     * column of their own; the others share one last column, "other threads", whose cells name their thread.
     */
    public static Interleaving bounded(Trace trace, Bug bug, boolean fullTrace, int maxEvents, Set<String> ownColumns) {
        Shown chosen = Shown.of(trace, bug, fullTrace, ownColumns);
        List<Entry> entries = chosen.foldedEntries(maxEvents);
        boolean abridged = entries.stream().anyMatch(e -> e.note != null);
        List<Row> rows = new ArrayList<>();
        chosen.rows(entries.iterator(), Integer.MAX_VALUE).forEachRemaining(rows::add);
        return new Interleaving(chosen.threads, rows, chosen.events.length, trace.size(), chosen.everything, abridged, chosen.jdkFolded);
    }

    /** The table of every shown event, none folded or left out; its rows are made as they are read. */
    public static Interleaving unbounded(Trace trace, Bug bug, boolean fullTrace) {
        Shown chosen = Shown.of(trace, bug, fullTrace, null);
        Iterable<Row> rows = () -> chosen.rows(chosen.allEntries().iterator(), MAX_ROW_STEPS);
        return new Interleaving(chosen.threads, rows, chosen.events.length, trace.size(), chosen.everything, false, chosen.jdkFolded);
    }

    /** One shown event (its trace index) or a note line. */
    private record Entry(int event, String note) {
    }

    /** The events a table shows, in order, and what it needs to describe them. */
    private static final class Shown {
        final Trace trace;
        final CausalPast past;
        final int[] events;
        final boolean everything;
        final List<String> threads = new ArrayList<>();
        final Map<Integer, Integer> columns = new HashMap<>();
        final Map<Integer, Integer> flushOf = new HashMap<>();
        /** The threads that share the last column, or empty. */
        final Set<Integer> shared = new HashSet<>();

        /** Steps inside instrumented JDK calls were left out ({@link #foldJdkSteps}). */
        boolean jdkFolded;

        private Shown(Trace trace, CausalPast past, int[] events, boolean everything, Set<String> ownColumns) {
            this.trace = trace;
            this.past = past;
            this.events = events;
            this.everything = everything;
            for (int index : events) {
                Event e = trace.events().get(index);
                String name = trace.symbols().threads().name(e.thread());
                if (ownColumns == null || ownColumns.contains(name)) {
                    columns.computeIfAbsent(e.thread(), t -> {
                        threads.add(name);
                        return threads.size() - 1;
                    });
                } else {
                    shared.add(e.thread());
                }
                if (e.kind() == EventKind.FLUSH) {
                    flushOf.put(e.flushedWrite(), e.index());
                }
            }
            if (!shared.isEmpty()) {
                threads.add("other threads (" + shared.size() + ")");
                shared.forEach(t -> columns.put(t, threads.size() - 1));
            }
        }

        static Shown of(Trace trace, Bug bug, boolean fullTrace, Set<String> ownColumns) {
            CausalPast past = CausalPast.of(trace);
            int[] failing = fullTrace || bug == null ? new int[0] : failingEvents(trace, bug);
            BitSet shownEvents = new BitSet(trace.size());
            if (failing.length == 0) {
                shownEvents.set(0, trace.size());
            } else {
                shownEvents = past.before(failing);
            }
            int before = shownEvents.cardinality();
            if (failing.length > 0) {
                foldJdkSteps(trace, shownEvents);
            }
            Shown shown = new Shown(trace, past, shownEvents.stream().toArray(), failing.length == 0, ownColumns);
            shown.jdkFolded = shownEvents.cardinality() < before;
            return shown;
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

        Iterable<Entry> allEntries() {
            return () -> Arrays.stream(events).mapToObj(index -> new Entry(index, null)).iterator();
        }

        /** The events with repetition folded, at most {@code maxEvents} of them: the first half and the last half. */
        List<Entry> foldedEntries(int maxEvents) {
            int head = Math.max(1, maxEvents / 2);
            int tailRoom = Math.max(1, maxEvents - head);
            List<Entry> kept = new ArrayList<>();
            ArrayDeque<Entry> tail = new ArrayDeque<>();
            int keptEvents = 0;
            int tailEvents = 0;
            long leftOut = 0;
            int i = 0;
            while (i < events.length) {
                Repetition.Fold fold = Repetition.at(i, events.length, this::sameShape, MIN_COPIES, MIN_FOLDED);
                List<Entry> piece = new ArrayList<>();
                for (int k = 0; k < (fold == null ? 1 : fold.period()); k++) {
                    piece.add(new Entry(events[i + k], null));
                }
                if (fold != null) {
                    piece.add(new Entry(-1, foldNote(i, fold)));
                }
                i += fold == null ? 1 : fold.period() * (fold.times() + 1);
                for (Entry entry : piece) {
                    boolean event = entry.note == null;
                    if (tail.isEmpty() && (event ? keptEvents < head : leftOut == 0)) {
                        kept.add(entry);
                        keptEvents += event ? 1 : 0;
                        continue;
                    }
                    tail.addLast(entry);
                    tailEvents += event ? 1 : 0;
                    while (tailEvents > tailRoom) {
                        Entry dropped = tail.removeFirst();
                        leftOut += dropped.note == null ? 1 : 0;
                        tailEvents -= dropped.note == null ? 1 : 0;
                    }
                }
            }
            if (leftOut > 0) {
                kept.add(new Entry(-1, String.format(Locale.ROOT, "… %,d more events left out here (--full-trace shows every event) …",
                        leftOut)));
            }
            kept.addAll(tail);
            return kept;
        }

        private String foldNote(int start, Repetition.Fold fold) {
            int first = events[start] + 1;
            int last = events[start + fold.period() - 1] + 1;
            int end = events[start + fold.period() * (fold.times() + 1) - 1] + 1;
            String block = first == last ? "step #" + first : "steps #" + first + "–#" + last;
            return String.format(Locale.ROOT, "… %s repeated %,d more times (same threads, lines and operations; values may differ), up to #%d …",
                    block, fold.times(), end);
        }

        private boolean sameShape(int i, int j) {
            Event a = trace.events().get(events[i]);
            Event b = trace.events().get(events[j]);
            return a.thread() == b.thread() && a.kind() == b.kind() && a.location() == b.location() && a.flags() == b.flags()
                    && Objects.equals(a.address(), b.address());
        }

        /** The entries as rows, made as they are read: consecutive steps of one thread share a row of at most {@code maxRowSteps} steps. */
        Iterator<Row> rows(Iterator<Entry> entries, int maxRowSteps) {
            return new Iterator<>() {
                private Entry next = entries.hasNext() ? entries.next() : null;

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public Row next() {
                    if (next == null) {
                        throw new NoSuchElementException();
                    }
                    if (next.note != null) {
                        Row note = new Row(-1, List.of(), next.note);
                        advance();
                        return note;
                    }
                    int column = columns.get(trace.events().get(next.event).thread());
                    List<Step> steps = new ArrayList<>();
                    while (next != null && next.note == null && columns.get(trace.events().get(next.event).thread()) == column
                            && steps.size() < maxRowSteps) {
                        steps.add(step(trace.events().get(next.event)));
                        advance();
                    }
                    return new Row(column, steps, null);
                }

                private void advance() {
                    next = entries.hasNext() ? entries.next() : null;
                }
            };
        }

        private Step step(Event e) {
            Location loc = trace.symbols().locations().get(e.location());
            String thread = shared.contains(e.thread()) ? "[" + trace.symbols().threads().name(e.thread()) + "] " : "";
            return new Step(e.index() + 1, loc == null ? "" : loc.fileAndLine(), thread + operation(e, past, flushOf, trace));
        }
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
        String stale = past.stale().isStale(e.index()) ? EventText.notYetVisible(trace.get(past.stale().missed(e.index())), trace) : null;
        if (source == CausalPast.INITIAL) {
            text.append(stale == null ? " (initial value)" : " (" + stale + ")");
        } else if (source >= 0) {
            text.append(" (from #").append(source + 1).append(stale == null ? "" : "; " + stale).append(')');
        }
        if (e.kind() == EventKind.WRITE && e.has(Event.BUFFERED)) {
            Integer flush = flushOf.get(e.index());
            text.append(flush == null ? ", never visible to others" : ", visible at #" + (flush + 1));
        } else if (e.kind() == EventKind.FLUSH) {
            text.append(", buffered at #").append(e.flushedWrite() + 1);
        }
        return text.toString();
    }

    public List<String> threads() {
        return threads;
    }

    /** The rows of the table; those of an unbounded table are made anew on each pass, so read them once. */
    public Iterable<Row> rows() {
        return rows;
    }

    /** Events shown (before folding). */
    public int shown() {
        return shown;
    }

    /** Events the run had. */
    public int total() {
        return total;
    }

    /** True when every event of the run is chosen (the full trace, or a run without a failure to explain). */
    public boolean isFull() {
        return full;
    }

    /** One line saying what the table shows. */
    public String caption() {
        String folded = abridged ? "; repetition folded" : "";
        if (shown == total) {
            return "interleaving (all " + total + " events, in execution order" + folded + ")";
        }
        return "interleaving (the " + shown + " of " + total
                + " events that can have influenced the failure, in execution order" + (jdkFolded ? ", steps inside JDK calls folded under them" : "")
                + folded + "; --full-trace shows all)";
    }

    /** The table as fixed-width text, each line indented by {@code indent}. */
    public String toText(String indent) {
        StringBuilder out = new StringBuilder();
        writeText(out, indent);
        return out.toString();
    }

    /** Writes the table as fixed-width text: a first pass over the rows for the columns' widths, a second to write. */
    public void writeText(Appendable out, String indent) {
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
        try {
            out.append(indent).append(caption()).append(":\n");
            out.append(line(indent, stepWidth, "step", widths, threads));
            StringBuilder rule = new StringBuilder(indent).append("-".repeat(stepWidth));
            for (int width : widths) {
                rule.append("-+-").append("-".repeat(width));
            }
            out.append(rule).append('\n');
            for (Row row : rows) {
                if (row.isNote()) {
                    out.append(indent).append(" ".repeat(stepWidth)).append(" | ").append(row.note()).append('\n');
                }
                for (int k = 0; k < row.steps().size(); k++) {
                    List<String> cells = new ArrayList<>();
                    for (int c = 0; c < widths.length; c++) {
                        cells.add(c == row.column() ? clip(row.steps().get(k).cell()) : "");
                    }
                    out.append(line(indent, stepWidth, k == 0 ? row.stepRange() : "", widths, cells));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
