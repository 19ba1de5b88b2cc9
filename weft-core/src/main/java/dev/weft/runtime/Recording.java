package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Bug;
import dev.weft.trace.Choice;
import dev.weft.trace.Ending;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.InputValue;
import dev.weft.trace.RunResult;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.ObjectNames;
import dev.weft.trace.ReportDetail;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run records: its events, the value every address held before the run first touched it,
 * the schedule of choices that replays it, the stable identities of its objects, the bugs it showed,
 * how it ended, and the reasons it cannot count as covering what it stands for ({@link #incomplete}). The parts of
 * the runtime append to it (through {@link Scheduler#record}, which also shows each event to the
 * busy-wait rules); at the end of the run it becomes the run's {@link RunResult} and is dropped.
 * Guarded by the run's lock.
 */
final class Recording {
    private final Symbols symbols;
    private final boolean forReport;
    private ObjectRegistry objects;
    private List<Event> events = new ArrayList<>();
    private Map<Address, Long> initialValues = new HashMap<>();
    private Map<Address, Address> traceAddresses = new HashMap<>();
    private List<Choice> schedule = new ArrayList<>();
    private Map<Integer, String> callTexts = new HashMap<>();
    private List<IncompleteReason> incomplete = new ArrayList<>();
    private List<Bug> bugs = new ArrayList<>();
    private Ending ending;
    private Map<String, InputValue> inputs = new LinkedHashMap<>();

    /** @param forReport whether the run records what only its report needs ({@link SchedulePolicy#recordsForReport}) */
    Recording(Symbols symbols, boolean forReport) {
        this.symbols = symbols;
        this.forReport = forReport;
        this.objects = new ObjectRegistry(symbols, forReport);
    }

    ObjectRegistry objects() {
        return objects;
    }

    /**
     * Names for the run's objects as far as the run has gone, for the descriptions of blocked threads in
     * bugs; {@code fieldPaths} are the program's field paths to objects now (empty unless the run is for a report).
     */
    ObjectNames names(Map<Object, String> fieldPaths) {
        return new ObjectNames(symbols, events, detail(fieldPaths));
    }

    private ReportDetail detail(Map<Object, String> fieldPaths) {
        Map<Long, String> paths = new HashMap<>();
        fieldPaths.forEach((object, path) -> {
            long id = objects.knownId(object);
            if (id != ObjectIds.NULL) {
                paths.put(id, path);
            }
        });
        return new ReportDetail(callTexts, objects.origins(), paths);
    }

    /** Appends {@code me}'s next event; the first one after a schedule choice stepped {@code me} is {@link Event#CHOSEN}. */
    Event add(RunThread me, EventKind kind, int loc, Address address, long value, long value2, char type, int flags) {
        Event e = new Event(events.size(), kind, me.id, me.seq++, loc, shared(address), value, value2, type,
                me.stepped ? flags | Event.CHOSEN : flags);
        me.stepped = false;
        events.add(e);
        if (loc >= 0) {
            me.lastLocation = loc;
        }
        if (address != null && address.kind() == Address.Kind.THREAD_STATE && (e.readsLocation() || e.writesLocation())) {
            initialValues.putIfAbsent(address, 0L); // interrupt statuses start clear, park permits unavailable
        }
        return e;
    }

    /**
     * Appends the FLUSH that publishes one buffered write and returns its trace index. It carries the
     * sequence number of its WRITE, so that the (thread, seq) of the thread's own operations does not
     * depend on when its flushes happen.
     */
    int addFlush(RunThread owner, StoreBuffer.Entry write, int flags) {
        Event buffered = events.get(write.writeIndex());
        int index = events.size();
        events.add(new Event(index, EventKind.FLUSH, owner.id, buffered.seq(), buffered.location(), write.address(),
                write.value(), write.writeIndex(), write.type(), flags));
        return index;
    }

    /** The waiter {@code by} took the notification of the NOTIFY at {@code notifyIndex}: the NOTIFY names it ({@code value2}). */
    void notificationTaken(int notifyIndex, RunThread by) {
        Event n = events.get(notifyIndex);
        if (!n.has(Event.BROADCAST)) {
            events.set(notifyIndex, new Event(n.index(), n.kind(), n.thread(), n.seq(), n.location(), n.address(), n.value(), by.id,
                    n.valueType(), n.flags()));
        }
    }

    /** The trace index the next event gets. */
    int nextIndex() {
        return events.size();
    }

    /**
     * One {@link Address} object per address for the trace: each event's own would stay live until
     * the run ends, and every young collection during a long run copies what is live.
     */
    private Address shared(Address address) {
        if (address == null) {
            return null;
        }
        Address known = traceAddresses.putIfAbsent(address, address);
        return known != null ? known : address;
    }

    boolean hasInitialValue(Address address) {
        return initialValues.containsKey(address);
    }

    /** Records what {@code address} held before the run first touched it, unless already known. */
    void initialValue(Address address, long value) {
        if (!initialValues.containsKey(address)) {
            initialValues.put(address, value);
        }
    }

    /** JDK call event {@code index} in words, for a run that describes its calls ({@link SchedulePolicy#recordsForReport}). */
    void callText(int index, String text) {
        callTexts.put(index, text);
    }

    void chose(Choice choice) {
        schedule.add(choice);
    }

    /** Number of choices taken so far. */
    int steps() {
        return schedule.size();
    }

    /**
     * A reason this run cannot count as covering what it stands for: a bound cut it short, or it relied
     * on something Weft cannot model. Each reason is kept once (by kind and message); the explorer adds
     * them up over the runs ({@link RunResult#incompleteReasons()}), and any of them keeps the
     * exploration from being complete. This is how a part of the runtime says so:
     * {@code core.recording.incomplete(IncompleteReason.of("loop-bound", "a loop at A.java:7 ran past the loop bound"))}.
     */
    void incomplete(IncompleteReason reason) {
        if (incomplete.stream().noneMatch(reason::sameAs)) {
            incomplete.add(reason);
        }
    }

    /** The input named {@code name} if the run read it already, else null. */
    InputValue input(String name) {
        return inputs.get(name);
    }

    /** The run read a program input for the first time. */
    void input(InputValue input) {
        inputs.put(input.name(), input);
    }

    /** A bug the run showed without ending (an uncaught exception ends only its thread). */
    void bug(Bug bug) {
        bugs.add(bug);
    }

    /** The run ended at its own event: an exit, or the end of its last non-daemon thread. */
    void ended(Ending how) {
        ending = how;
    }

    /** The events recorded so far, as they stand. */
    List<Event> events() {
        return Collections.unmodifiableList(events);
    }

    /**
     * The run's result, which takes over what was recorded; the recording is then forgotten. A run
     * that ended normally (or was cut by a bound) but showed bugs on the way is a run with bugs; one
     * Weft could not check (unsupported, diverged, stopped from outside) has none.
     *
     * @param endBug     the bug that ended the run (a deadlock, a livelock, a non-zero exit), or null
     * @param fieldPaths the program's field paths to its objects at the end (empty unless the run is for a report)
     */
    RunResult result(RunResult.Status status, Bug endBug, String detail, Map<String, String> finalState, Map<Object, String> fieldPaths) {
        Trace trace = new Trace(symbols, events, initialValues, ending, detail(fieldPaths), List.copyOf(inputs.values()));
        List<Bug> all = new ArrayList<>(bugs);
        if (endBug != null) {
            all.add(endBug);
        }
        boolean checked = status == RunResult.Status.COMPLETED || status == RunResult.Status.BUG || status == RunResult.Status.CUT
                || status == RunResult.Status.ASSUMPTION_FAILED;
        RunResult.Status withBugs = checked && !all.isEmpty() ? RunResult.Status.BUG : status;
        RunResult result = new RunResult(withBugs, trace, List.copyOf(schedule), checked ? all : List.of(), detail, finalState,
                incomplete);
        forget();
        return result;
    }

    /**
     * Drops what the run recorded once its result holds it. The run's handler, and with it this
     * recording, stays reachable from the run's class loader until the JVM unloads that loader, which
     * only a concurrent or full collection does, and young collections treat class loaders as roots:
     * kept here, the traces and object tables of every run not yet unloaded were copied again by each
     * young collection (on a run of 10^5 events, most of its time). Threads that call a hook after the
     * run only meet {@link RunAbort}.
     */
    private void forget() {
        objects = new ObjectRegistry(symbols, forReport);
        events = new ArrayList<>();
        initialValues = new HashMap<>();
        traceAddresses = new HashMap<>();
        schedule = new ArrayList<>();
        callTexts = new HashMap<>();
        incomplete = new ArrayList<>();
        bugs = new ArrayList<>();
        ending = null;
        inputs = new LinkedHashMap<>();
    }
}
