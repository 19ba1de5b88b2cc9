package dev.weft.explore;

import dev.weft.runtime.PendingOperation;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import java.util.HashSet;
import java.util.Set;

/**
 * What one actor does in one step, reduced to what decides whether two steps commute: the memory it
 * reads and writes (publication included) and the lock or thread state it touches.
 *
 * <p>Under TSO and PSO: a buffered write changes only its thread's buffer, which no other thread
 * sees, so it commutes with every step of other threads; the write reaches memory in its flush,
 * and that flush conflicts with other threads' reads, writes, flushes and atomics of the address.
 * A thread's read of an address it has buffered returns the buffered value whether or not the
 * buffer has flushed it yet, so the read commutes with its own buffer's flushes; it still counts as
 * a read of memory against other threads, which is conservative when it was forwarded. Volatile
 * writes and atomics write memory directly; they drain, and a draining step
 * ({@link EventKind#drainsBuffers}) runs only when its thread's buffers are empty (see
 * {@link DporStrategy}), so the flushes of the thread's earlier writes are ordered before it. A
 * volatile read does not drain: it is a read like a plain one here. An atomic read-modify-write counts as a write even if it
 * turns out not to write (a failed compare-and-set): before it runs, nobody knows.
 *
 * @param actor    who moves
 * @param kind     the operation ({@link EventKind#FLUSH} for a buffer)
 * @param address  its address as the runtime gave it, or null
 * @param read     memory address read, or null
 * @param writes   memory addresses written to shared memory: the target of a write that is not
 *                 buffered, of a flush, of a volatile write or of an atomic (conservatively, even
 *                 a failed compare-and-set), plus everything a synchronising step drains from its
 *                 thread's buffers
 * @param buffered a plain write that entered its thread's store buffer (TSO/PSO)
 * @param lock     the step's part in mutual exclusion
 * @param sync     the lock, monitor or thread state touched, or null (null too for re-entrant lock
 *                 operations, which change nothing another thread can see)
 * @param watched  for a busy-wait's LOOP step, the addresses its iteration read: another thread's write
 *                 to one of them decides whether the runtime lets the step run now ({@code BusyWait});
 *                 empty for every other step
 * @param location the step's program location id, or -1 (flushes)
 * @param flag     for an interruptible blocking call, its thread's interrupt status, which decides
 *                 whether an interrupt ends the call (so it depends on an interrupt of the thread); else null
 * @param attempt  a tryLock, which fails where the lock is taken: it depends on the release as much as on the acquisition
 * @param endsRun  the step may end the run (an exit, the end of the last non-daemon thread), and so
 *                 disable every other actor's next step: it is dependent with every step
 */
record Transition(Actor actor, EventKind kind, Address address, Address read, Set<Address> writes, boolean buffered,
                  LockRole lock, Address sync, Set<Address> watched, int location, Address flag, boolean attempt, boolean endsRun) {

    enum LockRole {
        NONE,
        /** Takes a lock: LOCK, or WAKE re-taking the monitor after a wait. */
        ACQUIRE,
        /** Needs the lock held: UNLOCK, WAIT (which releases it), NOTIFY. */
        HOLDING
    }

    /** How two steps of different actors relate in happens-before. */
    enum Relation {
        /** They commute. */
        INDEPENDENT,
        /**
         * Ordered, but never worth reversing on its own: the later one needs a lock the earlier one
         * holds or releases; the acquisitions themselves race.
         */
        ORDERED,
        /** They do not commute and either order can happen: reversing them may reach a new state. */
        RACE
    }

    static Transition flush(Actor buffer, Address address) {
        return new Transition(buffer, EventKind.FLUSH, address, null, Set.of(address), false, LockRole.NONE, null, Set.of(), -1, null, false, false);
    }

    /**
     * The step a thread takes when it performs {@code op}.
     *
     * @param drained  addresses still in the thread's buffers, published by this step if it synchronises
     * @param reentrant a lock operation on a lock the thread holds more than this operation changes
     * @param watched  see the record's parameter
     */
    static Transition step(int thread, PendingOperation op, MemoryModel model, Set<Address> drained, boolean reentrant,
                           Set<Address> watched) {
        EventKind kind = op.kind();
        Address address = op.address();
        boolean memory = address != null && address.isMemory();
        boolean buffered = kind == EventKind.WRITE && model != MemoryModel.SC;
        Address read = memory && kind.reads() ? address : null;
        Set<Address> writes = Set.of();
        if (memory && kind.mayWrite() && !buffered) {
            writes = Set.of(address);
        }
        if (!op.others().isEmpty()) {
            writes = union(writes, op.others()); // conservatively: those a JDK call only reads count as written
        }
        if (kind.drainsBuffers() && !drained.isEmpty()) {
            writes = union(writes, drained);
        }
        LockRole role = switch (kind) {
            case LOCK, WAKE -> LockRole.ACQUIRE;
            case UNLOCK, WAIT, NOTIFY -> LockRole.HOLDING;
            default -> LockRole.NONE;
        };
        Address sync = address != null && !memory && !reentrant ? address : null;
        Address flag = op.has(Event.INTERRUPTIBLE) ? interruptFlag(thread) : null;
        return new Transition(Actor.thread(thread), kind, address, read, writes, buffered, reentrant ? LockRole.NONE : role, sync,
                Set.copyOf(watched), op.location(), flag, op.has(Event.ATTEMPT), op.endsRun());
    }

    /** The address a thread's interrupt status has in the runtime's events (INTERRUPT, isInterrupted, interrupted). */
    private static Address interruptFlag(int thread) {
        return new Address(Address.Kind.THREAD_STATE, 0, thread);
    }

    /** This write after all: the runtime published it at once instead of buffering it. */
    Transition writtenThrough() {
        return new Transition(actor, kind, address, read, union(writes, Set.of(address)), false, lock, sync, watched, location, flag, attempt, endsRun);
    }

    /** Every address through which this step may relate to another: what it reads, writes or synchronises on, the interrupt status it depends on. */
    Set<Address> touched() {
        Set<Address> all = new HashSet<>(writes);
        if (read != null) {
            all.add(read);
        }
        all.addAll(watched);
        if (sync != null) {
            all.add(sync);
        }
        if (flag != null) {
            all.add(flag);
        }
        return all;
    }

    /** This fence after all: it left the buffers as they were (only full fences drain). */
    Transition withoutDrain() {
        return new Transition(actor, kind, address, read, Set.of(), buffered, lock, sync, watched, location, flag, attempt, endsRun);
    }

    /** This step after all: the run ended with it (a thread's last step, whose END came with it and cut the others off). */
    Transition endingRun() {
        return new Transition(actor, kind, address, read, writes, buffered, lock, sync, watched, location, flag, attempt, true);
    }

    boolean acquires() {
        return lock == LockRole.ACQUIRE;
    }

    /** A thread step that drains its buffers ({@link EventKind#drainsBuffers}: every synchronising operation but a volatile read). */
    boolean drainsBuffersOf(Actor buffer) {
        return !actor.buffer() && buffer.buffer() && actor.thread() == buffer.thread() && kind.drainsBuffers();
    }

    /**
     * The dependence relation. Steps of one thread and its own buffers are never related here: what
     * orders them (a write before its flush, flushes before the thread's next synchronising step)
     * is a fixed edge the exploration adds itself, and a thread's read commutes with the flush of its
     * own buffered write to that address (it reads the same value from the buffer or from memory).
     * Across threads, a write to what a LOOP step watches is a dependence too: it enables that step.
     */
    static Relation relate(Transition a, Transition b) {
        if (a.actor.thread() == b.actor.thread()) {
            return Relation.INDEPENDENT;
        }
        if (a.endsRun || b.endsRun) {
            return Relation.RACE;
        }
        if (a.conflictsInMemory(b) || b.conflictsInMemory(a) || a.mayUnblock(b) || b.mayUnblock(a)
                || a.interruptedBy(b) || b.interruptedBy(a)) {
            return Relation.RACE;
        }
        if (a.sync != null && a.sync.equals(b.sync)) {
            boolean bothLocking = a.lock != LockRole.NONE && b.lock != LockRole.NONE;
            return bothLocking && !(a.acquires() && b.acquires()) && !a.attempt && !b.attempt ? Relation.ORDERED : Relation.RACE;
        }
        return Relation.INDEPENDENT;
    }

    /** For sleep sets: whether executing either first leaves the other unchanged and the same state behind. */
    static boolean commute(Transition a, Transition b) {
        return relate(a, b) == Relation.INDEPENDENT && !a.drainsBuffersOf(b.actor) && !b.drainsBuffersOf(a.actor);
    }

    /** Whether {@code other} touches the interrupt status this blocking call depends on (an interrupt of its thread, another thread's isInterrupted). */
    private boolean interruptedBy(Transition other) {
        return flag != null && flag.equals(other.sync);
    }

    private boolean mayUnblock(Transition other) {
        if (kind == EventKind.INTERRUPT && other.watched.contains(address)) {
            return true; // it sets the interrupt status a loop re-reading isInterrupted() waits on
        }
        for (Address w : writes) {
            if (other.watched.contains(w)) {
                return true;
            }
        }
        return false;
    }

    private boolean conflictsInMemory(Transition other) {
        if (writes.isEmpty()) {
            return false;
        }
        if (other.read != null && writes.contains(other.read)) {
            return true;
        }
        for (Address w : other.writes) {
            if (writes.contains(w)) {
                return true;
            }
        }
        return false;
    }

    private static Set<Address> union(Set<Address> a, Set<Address> b) {
        HashSet<Address> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
