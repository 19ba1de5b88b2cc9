package dev.weft.runtime;

import dev.weft.trace.AccessMode;
import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Memory under {@code -m jmm}: a view-based operational model of Java's language-level memory model
 * (in the spirit of the "promising" semantics without promises). Every instrumented write is stored
 * at once and goes into its address's modification order (its history); each thread has a view, per
 * address the oldest write it may still read. Two kinds of schedule choice reorder accesses, both
 * offered as {@link dev.weft.trace.Choice#flush} of the accessing thread before its pending access
 * ({@link #canReorder}): a read sees one write newer than its view (so it may return any write not
 * older than its view: coherence, since views only move forward), a write goes before one more write
 * its thread has not seen (2+2W, S). A release write (and a plain write after a release fence)
 * carries the writer's view, which an acquire read (or a plain read and a later acquire fence)
 * joins; locks, thread ends and joins, interrupts and thread-safe JDK objects release and acquire the
 * same way ({@link #synchronisation}). A volatile read reads no older write than the newest volatile
 * write of its address, so volatiles are SC among themselves; a full fence is an SC fence (the thread's
 * view and the global fence view both become their join). Not modelled: a read returning a write its
 * thread makes later (load buffering), which {@link JmmCoverage} reports where it could matter. Like
 * {@link VisibleValues}, memory is set to each thread's view when it gets the turn.
 */
final class JmmViews {

    /** One write in an address's history: its value as the cell boxes it, and the view it publishes (null: none). */
    private record Message(Object raw, Map<Address, Integer> view) {
    }

    private static final class History {
        final MemoryCell cell;
        final char type;
        final List<Message> writes = new ArrayList<>();

        History(MemoryCell cell, char type) {
            this.cell = cell;
            this.type = type;
            writes.add(new Message(cell.get(), null));
        }

        int latest() {
            return writes.size() - 1;
        }
    }

    /** One thread's views: what it reads, what a later acquire fence gives it, what a plain write after a release fence publishes. */
    private static final class ThreadViews {
        final Map<Address, Integer> current = new HashMap<>();
        final Map<Address, Integer> acquirable = new HashMap<>();
        Map<Address, Integer> released = new HashMap<>();
        /** How many writes already in its address's history the thread's pending write goes before. */
        int placedBack;
        /** The instance fields it wrote since its last constructor with final fields ended ({@link #frozen}). */
        final Set<Address> sinceFreeze = new HashSet<>();

        int of(Address address) {
            return current.getOrDefault(address, 0);
        }
    }

    private final Map<Address, History> histories = new LinkedHashMap<>();
    private final Map<Integer, ThreadViews> threads = new HashMap<>();
    /** Per address, its newest volatile write: volatile accesses are totally ordered, a volatile read reads no older one. */
    private final Map<Address, Integer> sc = new HashMap<>();
    /** What full fences have published: each one joins it both ways (an SC fence). */
    private final Map<Address, Integer> fenced = new HashMap<>();

    /** What each lock, thread-safe JDK object, interrupt flag and ended thread has had released into it. */
    private final Map<Object, Map<Address, Integer>> synchronisedBy = new HashMap<>();
    /** What every thread sees at least: the fields frozen at the end of constructors ({@link #frozen}). */
    private final Map<Address, Integer> frozen = new HashMap<>();

    private ThreadViews of(RunThread t) {
        return threads.computeIfAbsent(t.id, id -> {
            ThreadViews views = new ThreadViews();
            join(views.current, frozen);
            return views;
        });
    }

    /** A forked thread starts with its parent's view (the fork is a release the child acquires). */
    void forked(RunThread parent, RunThread child) {
        ThreadViews views = of(child);
        join(views.current, of(parent).current);
        join(views.acquirable, views.current);
    }

    /** {@code me} wrote {@code raw} (boxed as the hooks receive it) to {@code address} in {@code mode}; {@code cell} holds it. */
    void written(RunThread me, Address address, AccessMode mode, char type, Object raw, MemoryCell cell) {
        History history = histories.computeIfAbsent(address, a -> new History(cell, type));
        ThreadViews views = of(me);
        int stamp = Math.max(history.writes.size() - views.placedBack, readView(views, address, mode) + 1);
        views.placedBack = 0;
        if (stamp < history.writes.size()) {
            makeRoom(address, stamp);
        }
        views.current.put(address, stamp);
        views.acquirable.merge(address, stamp, Math::max);
        if (address.kind() == Address.Kind.INSTANCE_FIELD) {
            views.sinceFreeze.add(address);
        }
        Map<Address, Integer> published = new HashMap<>(mode == AccessMode.RELEASE || mode == AccessMode.VOLATILE ? views.current : views.released);
        published.put(address, stamp);
        history.writes.add(stamp, new Message(cellForm(raw, type), published));
        if (mode == AccessMode.VOLATILE) {
            sc.put(address, stamp);
        }
    }

    /** Every view that reaches write {@code stamp} of {@code address} or later moves one on: a write goes in before it. */
    private void makeRoom(Address address, int stamp) {
        List<Map<Address, Integer>> views = new ArrayList<>(List.of(sc, fenced, frozen));
        views.addAll(synchronisedBy.values());
        for (ThreadViews t : threads.values()) {
            views.addAll(List.of(t.current, t.acquirable, t.released));
        }
        for (History h : histories.values()) {
            h.writes.stream().map(Message::view).filter(Objects::nonNull).forEach(views::add);
        }
        for (Map<Address, Integer> view : views) {
            view.computeIfPresent(address, (a, at) -> at >= stamp ? at + 1 : at);
        }
    }

    /** An atomic's write of {@code address} after {@link #beforeAtomic}, already stored in {@code cell}: a volatile write. */
    void atomicWritten(RunThread me, Address address, char type, MemoryCell cell) {
        written(me, address, AccessMode.VOLATILE, type, cell.get(), cell);
    }

    /**
     * Whether the schedule may reorder {@code me}'s pending access of {@code address} ({@code write} or
     * a read in {@code mode}) once more: a read may still see a newer write, a write still go before
     * one more write not older than the thread's view.
     */
    boolean canReorder(RunThread me, Address address, boolean write, AccessMode mode) {
        History history = histories.get(address);
        if (history == null) {
            return false;
        }
        ThreadViews views = of(me);
        int view = readView(views, address, mode);
        return write ? history.writes.size() - views.placedBack > view + 1 : view < history.latest();
    }

    /** The schedule chose to reorder {@code me}'s pending access of {@code address} once more ({@link #canReorder}). */
    void reorder(RunThread me, Address address, boolean write, AccessMode mode) {
        ThreadViews views = of(me);
        if (write) {
            views.placedBack++;
        } else {
            views.current.put(address, readView(views, address, mode) + 1);
        }
    }

    private int readView(ThreadViews views, Address address, AccessMode mode) {
        int own = views.of(address);
        return mode == AccessMode.VOLATILE ? Math.max(own, sc.getOrDefault(address, 0)) : own;
    }

    /**
     * {@code me} reads {@code address} in {@code mode}: returns the value it reads, boxed as the hooks
     * receive it, or {@code noHistory} if the address has none (memory holds its only value).
     */
    Object read(RunThread me, Address address, AccessMode mode, Object noHistory) {
        History history = histories.get(address);
        if (history == null) {
            return noHistory;
        }
        ThreadViews views = of(me);
        views.current.put(address, readView(views, address, mode));
        Message m = history.writes.get(views.of(address));
        if (m.view() != null) {
            join(mode == AccessMode.PLAIN || mode == AccessMode.OPAQUE ? views.acquirable : views.current, m.view());
            join(views.acquirable, views.current);
        }
        return hookForm(m.raw(), history.type);
    }

    /**
     * {@code me} is about to perform an atomic operation {@code kind} on {@code address} (held in
     * {@code cell}), a volatile access: a read-modify-write reads the newest write, a volatile read the
     * newest volatile one or a newer one its view shows. Sets memory to the write it reads, and acquires
     * from it; a volatile write reads nothing.
     */
    void beforeAtomic(RunThread me, Address address, char type, MemoryCell cell, EventKind kind) {
        History history = histories.computeIfAbsent(address, a -> new History(cell, type));
        if (kind == EventKind.VOLATILE_WRITE) {
            return;
        }
        ThreadViews views = of(me);
        int at = kind == EventKind.ATOMIC_RMW ? history.latest() : readView(views, address, AccessMode.VOLATILE);
        views.current.put(address, at);
        Message m = history.writes.get(at);
        if (m.view() != null) {
            join(views.current, m.view());
            join(views.acquirable, views.current);
        }
        cell.set(m.raw());
    }

    void fence(RunThread me, FenceKind kind) {
        ThreadViews views = of(me);
        switch (kind) {
            case ACQUIRE, LOAD_LOAD -> join(views.current, views.acquirable);
            case RELEASE, STORE_STORE -> views.released = new HashMap<>(views.current);
            case FULL -> scFence(views);
        }
    }

    /**
     * A constructor of {@code me} that wrote final fields (and let {@code this} escape, so Weft follows
     * them) ended: JLS 17.5 guarantees the frozen values to every thread that reaches the object
     * through a reference published later. Weft cannot tell which instance fields were final nor how a
     * thread reached the object, so every instance field the thread wrote since its last freeze is from
     * now on seen at least as of now by every thread (stronger than the JLS only for a thread that got
     * the reference by the escape, or for non-final fields written in the constructor).
     */
    void frozen(RunThread me) {
        ThreadViews views = of(me);
        for (Address address : views.sinceFreeze) {
            Map<Address, Integer> now = Map.of(address, views.of(address));
            join(frozen, now);
            threads.values().forEach(t -> join(t.current, now));
        }
        views.sinceFreeze.clear();
    }

    /**
     * {@code me} recorded a synchronisation event {@code kind} on {@code address}: an unlock, a wait (it
     * unlocks), the end of a thread, an interrupt, or a change of a thread-safe JDK object releases what
     * the thread sees into the lock, thread or object; a lock, a wake-up (it locks again), a join, the
     * test of an interrupt or a read of a thread-safe JDK object acquires it (JLS 17.4.4, and the
     * java.util.concurrent package's memory consistency effects). A fork is {@link #forked}; accesses of
     * fields, array elements and atomics carry their views in their histories.
     */
    void synchronisation(RunThread me, EventKind kind, Address address, long value2) {
        ThreadViews views = of(me);
        switch (kind) {
            case UNLOCK, WAIT, INTERRUPT -> release(views, address);
            case END -> release(views, "end of " + me.id);
            case LOCK, WAKE -> acquire(views, address);
            case JOIN -> acquire(views, "end of " + value2);
            case VOLATILE_WRITE, VOLATILE_READ, ATOMIC_RMW -> {
                if (address != null && !histories.containsKey(address)
                        && (address.kind() == Address.Kind.OBJECT_STATE || address.kind() == Address.Kind.THREAD_STATE)) {
                    acquire(views, address);
                    if (kind != EventKind.VOLATILE_READ) {
                        release(views, address);
                    }
                }
            }
            default -> {
                // no memory effect between threads: notify (the lock orders), park and unpark (LockSupport promises none)
            }
        }
    }

    private void release(ThreadViews views, Object into) {
        join(synchronisedBy.computeIfAbsent(into, k -> new HashMap<>()), views.current);
    }

    private void acquire(ThreadViews views, Object from) {
        Map<Address, Integer> published = synchronisedBy.get(from);
        if (published != null) {
            join(views.current, published);
            join(views.acquirable, views.current);
        }
    }

    private void scFence(ThreadViews views) {
        join(views.current, views.acquirable);
        join(views.current, fenced);
        join(fenced, views.current);
        join(views.acquirable, views.current);
        views.released = new HashMap<>(views.current);
    }

    /** Sets memory to what {@code thread} reads (null: the newest writes, as after the run). */
    void show(RunThread thread) {
        ThreadViews views = thread == null ? null : of(thread);
        for (Map.Entry<Address, History> e : histories.entrySet()) {
            History history = e.getValue();
            int at = views == null ? history.latest() : views.of(e.getKey());
            history.cell.set(history.writes.get(at).raw());
        }
    }

    private static void join(Map<Address, Integer> into, Map<Address, Integer> from) {
        from.forEach((address, stamp) -> into.merge(address, stamp, Math::max));
    }

    /** {@code raw} as the hooks receive it (sub-int primitives as Integer) boxed as reflection reads a field of {@code type}. */
    static Object cellForm(Object raw, char type) {
        if (!(raw instanceof Integer i)) {
            return raw;
        }
        return switch (type) {
            case 'Z' -> i != 0;
            case 'C' -> (char) (int) i;
            case 'B' -> (byte) (int) i;
            case 'S' -> (short) (int) i;
            default -> raw;
        };
    }

    /** {@code raw} as reflection boxes it, as the hooks pass it (sub-int primitives as Integer). */
    static Object hookForm(Object raw, char type) {
        if (raw instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (raw instanceof Character c) {
            return (int) c;
        }
        if (raw instanceof Byte || raw instanceof Short) {
            return ((Number) raw).intValue();
        }
        return raw;
    }
}
