package dev.weft.runtime;

import dev.weft.runtime.RunThread.PendingAtomic;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * Operations of the atomic classes, through {@link AtomicCell}: a scheduling point before each one
 * ({@code beforeAtomic}) and its event after it ({@code afterAtomic}), once the native operation
 * has shown what it read and wrote; {@code getAndUpdate} and its kind as the JDK performs them.
 */
final class Atomics {
    private final Scheduler core;

    Atomics(Scheduler core) {
        this.core = core;
    }

    void beforeAtomic(Object atomic, int index, int op, int loc) {
        RunThread me = core.enter();
        try {
            me.atomic = null;
            if (atomic == null || !AtomicCell.inRange(atomic, index) || !me.controlled()) {
                return; // the native call throws, or nothing is controlled here
            }
            AtomicCell cell = AtomicCell.of(atomic, index);
            if (cell == null) {
                core.unsupportedLocked(atomic.getClass().getName() + " (atomic operation)", loc);
            }
            // The weaker access modes are ModedAccess's.
            EventKind kind = switch (op) {
                case Hooks.ATOMIC_READ -> EventKind.VOLATILE_READ;
                case Hooks.ATOMIC_RMW -> EventKind.ATOMIC_RMW;
                default -> EventKind.VOLATILE_WRITE;
            };
            Address address = Address.atomic(core.objects().id(atomic, me), index);
            core.schedulingPoint(me, kind, address, loc);
            if (core.model == MemoryModel.JMM) {
                core.jmm.beforeAtomic(me, address, cell.type(), cell, kind);
            } else if (kind.drainsBuffers()) {
                core.drain(me);
            }
            long before = core.objects().encode(cell.get(), cell.type(), me);
            core.recording.initialValue(address, before);
            me.atomic = new PendingAtomic(cell, kind, address, loc, before);
        } finally {
            core.unlock();
        }
    }

    void afterAtomic() {
        RunThread me = core.enter();
        try {
            PendingAtomic op = me.atomic;
            me.atomic = null;
            if (op == null) {
                return;
            }
            long after = core.objects().encode(op.cell().get(), op.cell().type(), me);
            if (core.model == MemoryModel.JMM && op.kind() != EventKind.VOLATILE_READ && after != op.before()) {
                core.jmm.atomicWritten(me, op.address(), op.cell().type(), op.cell());
            }
            switch (op.kind()) {
                case VOLATILE_READ -> core.record(me, op.kind(), op.location(), op.address(), op.before(), 0, op.cell().type(), 0);
                case VOLATILE_WRITE -> core.record(me, op.kind(), op.location(), op.address(), after, 0, op.cell().type(), 0);
                default -> core.record(me, EventKind.ATOMIC_RMW, op.location(), op.address(), op.before(), after, op.cell().type(),
                        after != op.before() ? Event.WROTE : 0);
            }
        } finally {
            core.unlock();
        }
    }

    /** getAndUpdate and friends as the JDK performs them: a read, the function (program code, run unlocked), a compareAndSet, retried. */
    private Object update(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        while (true) {
            beforeAtomic(atomic, index, Hooks.ATOMIC_READ, loc);
            Object previous = cellOf(atomic, index, loc).get();
            afterAtomic();
            Object next = function.apply(previous);
            beforeAtomic(atomic, index, Hooks.ATOMIC_RMW, loc);
            boolean swapped = cellOf(atomic, index, loc).compareAndSet(previous, next);
            afterAtomic();
            if (swapped) {
                return returnNew ? next : previous;
            }
        }
    }

    private AtomicCell cellOf(Object atomic, int index, int loc) {
        AtomicCell cell = AtomicCell.of(Objects.requireNonNull(atomic), index);
        if (cell == null) {
            core.unsupported(atomic.getClass().getName() + " (atomic update)", loc);
        }
        return cell;
    }

    int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc) {
        return (Integer) update(atomic, index, v -> function.applyAsInt((Integer) v), returnNew, loc);
    }

    long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc) {
        return (Long) update(atomic, index, v -> function.applyAsLong((Long) v), returnNew, loc);
    }

    Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        return update(atomic, index, function, returnNew, loc);
    }

    int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc) {
        return (Integer) update(atomic, index, v -> function.applyAsInt((Integer) v, x), returnNew, loc);
    }

    long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc) {
        return (Long) update(atomic, index, v -> function.applyAsLong((Long) v, x), returnNew, loc);
    }

    Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc) {
        return update(atomic, index, v -> function.apply(v, x), returnNew, loc);
    }
}
