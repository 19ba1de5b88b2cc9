package dev.weft.runtime;

import dev.weft.runtime.RunThread.PendingRead;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Symbols;
import dev.weft.trace.Values;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reads and writes of fields and array elements, and fences. A read is a scheduling point before
 * the load ({@code before*}) whose value is recorded after it ({@code afterLoad}), where the thread's
 * own newest buffered write to the address wins (store forwarding). Under TSO/PSO a plain write
 * enters the thread's {@link StoreBuffer} and is stored at once, and {@link VisibleValues} hides it
 * from the other threads until the core flushes it. The reflection a write needs to read an
 * address's value before the run first wrote it is looked up here once per field.
 */
final class MemoryAccess {
    private final Scheduler core;
    private final ClassInits classInits;
    private final Symbols symbols;
    private final MemoryModel model;
    private final Map<Integer, Field> fields = new HashMap<>();
    /** The class loader of this run's program classes, learnt from the first static field the run touches. */
    private ClassLoader programLoader;

    MemoryAccess(Scheduler core, ClassInits classInits) {
        this.core = core;
        this.classInits = classInits;
        this.symbols = core.symbols;
        this.model = core.model;
    }

    void beforeGetField(Object target, int field, int loc) {
        RunThread me = core.enter();
        try {
            me.read = null;
            if (target != null && me.controlled()) {
                FieldInfo f = symbols.fields().get(field);
                beginRead(me, Address.instanceField(core.objects().id(target, me), field), f.volatileReads(), f.valueType(), loc);
            }
        } finally {
            core.unlock();
        }
    }

    void beforeGetStatic(int field, int loc) {
        RunThread me = core.enter();
        try {
            me.read = null;
            if (me.controlled()) {
                FieldInfo f = symbols.fields().get(field);
                beginRead(me, Address.staticField(field), f.volatileReads(), f.valueType(), loc);
            }
        } finally {
            core.unlock();
        }
    }

    void beforeArrayLoad(Object array, int index, int loc) {
        RunThread me = core.enter();
        try {
            me.read = null;
            if (array != null && index >= 0 && index < java.lang.reflect.Array.getLength(array) && me.controlled()) {
                beginRead(me, Address.arrayElement(core.objects().id(array, me), index), false, elementType(array), loc);
            }
        } finally {
            core.unlock();
        }
    }

    private void beginRead(RunThread me, Address address, boolean isVolatile, char type, int loc) {
        EventKind kind = isVolatile ? EventKind.VOLATILE_READ : EventKind.READ;
        core.schedulingPoint(me, kind, address, loc);
        if (isVolatile) {
            core.drain(me);
        }
        me.read = new PendingRead(address, kind, type, loc);
    }

    /**
     * Completes {@code me}'s pending read: {@code fromMemory} is what the native load returned,
     * encoded. Returns the thread's own newest buffered write to the address, which wins over it
     * (store forwarding), or null.
     */
    private StoreBuffer.Entry loaded(RunThread me, PendingRead read, long fromMemory) {
        me.read = null;
        StoreBuffer.Entry forwarded = me.buffer.newest(read.address());
        core.recording.initialValue(read.address(), fromMemory);
        core.record(me, read.kind(), read.location(), read.address(), forwarded != null ? forwarded.value() : fromMemory, 0,
                read.type(), 0);
        return forwarded;
    }

    /**
     * A primitive load's {@code afterLoad}: completes the pending read, if any, of {@code fromMemory}
     * (the loaded value encoded as {@link ObjectRegistry#encode} would its box, without boxing it at
     * every read) and returns the thread's own buffered value that replaces it, or null.
     */
    private Object forwardedLoad(long fromMemory) {
        RunThread me = core.enter();
        try {
            StoreBuffer.Entry forwarded = me.read == null ? null : loaded(me, me.read, fromMemory);
            return forwarded != null ? forwarded.raw() : null;
        } finally {
            core.unlock();
        }
    }

    int afterLoad(int value) {
        Object own = forwardedLoad(value);
        return own != null ? (Integer) own : value;
    }

    long afterLoad(long value) {
        Object own = forwardedLoad(value);
        return own != null ? (Long) own : value;
    }

    float afterLoad(float value) {
        Object own = forwardedLoad(Values.ofFloat(value));
        return own != null ? (Float) own : value;
    }

    double afterLoad(double value) {
        Object own = forwardedLoad(Values.ofDouble(value));
        return own != null ? (Double) own : value;
    }

    Object afterLoad(Object value) {
        RunThread me = core.enter();
        try {
            PendingRead read = me.read;
            StoreBuffer.Entry forwarded = read == null ? null : loaded(me, read, core.objects().encode(value, read.type(), me));
            return forwarded != null ? forwarded.raw() : value;
        } finally {
            core.unlock();
        }
    }

    void putInstance(Object target, Object raw, int field, int loc) {
        RunThread me = core.enter();
        try {
            if (target == null || !me.controlled()) {
                return;
            }
            FieldInfo f = symbols.fields().get(field);
            write(me, Address.instanceField(core.objects().id(target, me), field), f.isVolatile(), true, f.valueType(), raw, loc,
                    () -> MemoryCell.field(instanceField(target, f), target));
        } finally {
            core.unlock();
        }
    }

    void putStaticField(Object raw, int field, int loc) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return;
            }
            FieldInfo f = symbols.fields().get(field);
            // No other thread sees the static fields of a class being initialised before the release of its lock drains
            // this thread's writes, and the reflection that hides a buffered write would wait for the class: store at once.
            boolean mayBuffer = !classInits.initialising(f.owner());
            write(me, Address.staticField(field), f.isVolatile(), mayBuffer, f.valueType(), raw, loc,
                    () -> MemoryCell.field(staticField(f), null));
        } finally {
            core.unlock();
        }
    }

    void putElement(Object array, int index, Object raw, int loc) {
        RunThread me = core.enter();
        try {
            if (array == null || index < 0 || index >= java.lang.reflect.Array.getLength(array) || !me.controlled()) {
                return;
            }
            Class<?> component = array.getClass().getComponentType();
            if (!component.isPrimitive() && raw != null && !component.isInstance(raw)) {
                return; // the native store throws ArrayStoreException
            }
            write(me, Address.arrayElement(core.objects().id(array, me), index), false, true, elementType(array), raw, loc,
                    () -> MemoryCell.element(array, index));
        } finally {
            core.unlock();
        }
    }

    /**
     * A write, which the caller then performs even when it is buffered (TSO/PSO): the writing
     * thread's own reads, instrumented or not, then see it, and {@link VisibleValues} hides it from the
     * other threads until its flush. A plain write that may not be buffered is stored at once.
     */
    private void write(RunThread me, Address address, boolean isVolatile, boolean mayBuffer, char type, Object raw, int loc,
                       Supplier<MemoryCell> cell) {
        EventKind kind = isVolatile ? EventKind.VOLATILE_WRITE : EventKind.WRITE;
        core.schedulingPoint(me, kind, address, loc);
        MemoryCell resolved = null;
        if (!core.recording.hasInitialValue(address)) {
            resolved = cell.get();
            core.recording.initialValue(address, core.objects().encode(resolved.get(), type, me));
        }
        long value = core.objects().encode(raw, type, me);
        if (isVolatile) {
            core.drain(me);
        } else if (model != MemoryModel.SC && mayBuffer) {
            MemoryCell target = resolved != null ? resolved : cell.get();
            if (target.settable()) {
                int index = core.record(me, EventKind.WRITE, loc, address, value, 0, type, Event.BUFFERED);
                me.everBuffered = true;
                me.buffer.add(address, value, raw, type, index);
                core.visibleValues.buffering(address, target);
                return;
            }
            core.drain(me); // written at once, so everything this thread wrote before must be visible first
        }
        core.record(me, kind, loc, address, value, 0, type, 0);
    }

    /** The descriptor letter of an array's elements, told by type tests: {@code Class.descriptorString} makes a new string at every access. */
    private static char elementType(Object array) {
        return array instanceof int[] ? 'I'
                : array instanceof long[] ? 'J'
                : array instanceof byte[] ? 'B'
                : array instanceof char[] ? 'C'
                : array instanceof short[] ? 'S'
                : array instanceof boolean[] ? 'Z'
                : array instanceof float[] ? 'F'
                : array instanceof double[] ? 'D'
                : 'L';
    }

    private Field instanceField(Object target, FieldInfo f) {
        return fields.computeIfAbsent(f.id(), id -> {
            String owner = f.owner().replace('/', '.');
            for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
                if (c.getName().equals(owner)) {
                    return accessible(c, f.name());
                }
            }
            throw new IllegalStateException("field " + f.displayName() + " not found in " + target.getClass().getName());
        });
    }

    private Field staticField(FieldInfo f) {
        return fields.computeIfAbsent(f.id(), id -> {
            String owner = f.owner().replace('/', '.');
            try {
                if (programLoader == null) {
                    programLoader = programLoader();
                }
                return accessible(Class.forName(owner, false, programLoader), f.name());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("class of static field " + f.displayName() + " not found", e);
            }
        });
    }

    /** The loader of the program code that called the hooks (the caller of {@link Hooks}). */
    private static ClassLoader programLoader() {
        String hooks = Hooks.class.getName();
        ClassLoader caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .dropWhile(f -> !f.getClassName().equals(hooks))
                .dropWhile(f -> f.getClassName().equals(hooks))
                .findFirst()
                .map(f -> f.getDeclaringClass().getClassLoader())
                .orElse(null));
        return caller != null ? caller : Thread.currentThread().getContextClassLoader();
    }

    private static Field accessible(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("no field " + name + " in " + owner.getName(), e);
        }
    }

    void fence(int kind, int loc) {
        RunThread me = core.enter();
        try {
            if (me.controlled()) {
                fence(me, FenceKind.values()[kind], loc);
            }
        } finally {
            core.unlock();
        }
    }

    /**
     * The end of a constructor that wrote instrumented final fields: under PSO a store-store fence, so that
     * they become visible before any later write of the thread, the one that publishes the object included;
     * SC and TSO keep that order anyway. Only for a thread that ever buffered a write, so that whether the
     * fence is a step depends on the thread's own events, not on when its buffer was flushed.
     */
    void finalFieldsFrozen(int loc) {
        RunThread me = core.enter();
        try {
            if (me.controlled() && model == MemoryModel.PSO && me.everBuffered) {
                fence(me, FenceKind.STORE_STORE, loc);
            }
        } finally {
            core.unlock();
        }
    }

    private void fence(RunThread me, FenceKind fence, int loc) {
        core.schedulingPoint(me, EventKind.FENCE, null, loc);
        // Only write->read and (PSO) write->write pairs are relaxed, so only these fences have work to do.
        if (fence == FenceKind.FULL) {
            core.drain(me);
        } else if ((fence == FenceKind.RELEASE || fence == FenceKind.STORE_STORE) && model == MemoryModel.PSO) {
            me.buffer.storeStoreBarrier();
        }
        core.record(me, EventKind.FENCE, loc, null, fence.ordinal(), 0, (char) 0, 0);
    }
}
