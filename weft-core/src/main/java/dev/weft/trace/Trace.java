package dev.weft.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The events of one run in the order they happened, with the initial value of every memory address
 * the run touched: the value it held before the run's first event on it (a type default, or what a
 * static initialiser or untraced code left there). The causal model treats those as a virtual write
 * that precedes everything. A run that one of its events ended (an exit, the end of its last
 * non-daemon thread) also says what that end cut off ({@link #ending()}).
 */
public final class Trace {
    private final Symbols symbols;
    private final List<Event> events;
    private final Map<Address, Long> initialValues;
    private final ReportDetail detail;
    private final Ending ending;
    private final List<InputValue> inputs;
    private Map<Integer, List<Event>> byThread;
    private ObjectNames names;
    private Map<Integer, List<Event>> stepsByThread;

    public Trace(Symbols symbols, List<Event> events, Map<Address, Long> initialValues) {
        this(symbols, events, initialValues, null, ReportDetail.NONE);
    }

    /**
     * @param ending how one of the run's events ended it, or null when something else did (a deadlock, a limit, Weft itself)
     * @param detail what a run recorded in detail (the replay of a bug for its report) adds for people to read
     */
    public Trace(Symbols symbols, List<Event> events, Map<Address, Long> initialValues, Ending ending, ReportDetail detail) {
        this(symbols, events, initialValues, ending, detail, List.of());
    }

    /** @param inputs the program inputs the run read ({@code dev.weft.Weft.input}), in the order it first read them */
    public Trace(Symbols symbols, List<Event> events, Map<Address, Long> initialValues, Ending ending, ReportDetail detail,
                 List<InputValue> inputs) {
        this.symbols = symbols;
        this.inputs = List.copyOf(inputs);
        this.events = Collections.unmodifiableList(events);
        this.initialValues = Collections.unmodifiableMap(initialValues);
        this.detail = detail;
        this.ending = ending;
    }

    public Symbols symbols() {
        return symbols;
    }

    public List<Event> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    public Event get(int index) {
        return events.get(index);
    }

    /** The value {@code address} held before the run's first event on it, or null if the run never touched it. */
    public Long initialValue(Address address) {
        return initialValues.get(address);
    }

    public Map<Address, Long> initialValues() {
        return initialValues;
    }

    /** The JDK call event {@code index} as the program made it, with receiver, arguments and result; null unless recorded in detail. */
    public String callText(int index) {
        return detail.callTexts().get(index);
    }

    /** Where object {@code id} was allocated; null unless recorded in detail, or when the program did not allocate it. */
    public ObjectOrigin origin(long id) {
        return detail.origins().get(id);
    }

    /** Names for the run's objects, as people name them ({@link ObjectNames}). */
    public synchronized ObjectNames names() {
        if (names == null) {
            names = new ObjectNames(symbols, events, detail);
        }
        return names;
    }

    /** How the run's exit or the end of its last non-daemon thread ended it, or null when neither did. */
    public Ending ending() {
        return ending;
    }

    /** The program inputs the run read, in the order it first read them; empty for a program that reads none. */
    public List<InputValue> inputs() {
        return inputs;
    }

    /** The events of one thread in program order. */
    public synchronized List<Event> ofThread(int thread) {
        if (byThread == null) {
            byThread = new HashMap<>();
            for (Event e : events) {
                byThread.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
            }
        }
        return byThread.getOrDefault(thread, List.of());
    }

    /**
     * The thread's own steps, flushes of its buffered writes left out: the {@code seq}-th element is
     * the event with {@link Event#seq()} {@code seq}.
     */
    public synchronized List<Event> stepsOf(int thread) {
        if (stepsByThread == null) {
            stepsByThread = new HashMap<>();
            for (Event e : events) {
                if (e.kind() != EventKind.FLUSH) {
                    stepsByThread.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
                }
            }
        }
        return stepsByThread.getOrDefault(thread, List.of());
    }
}
