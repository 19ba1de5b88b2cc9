package dev.weft.runtime;

import dev.weft.runtime.RunThread.PendingRead;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.AccessMode;
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
    /** What {@link #loaded} returns when the thread reads what the native load returned (a read may return null). */
    private static final Object AS_LOADED = new Object();
    /** Weft's classes that pass instrumented JDK code's hooks on to {@link Hooks} (instrument.support, by name: it sits above). */
    private static final String BRIDGE_SINKS = "dev.weft.instrument.support.";
    private final Map<Integer, Field> fields = new HashMap<>();
    /** Byte arrays some access reads several bytes of at once: their plain element accesses are checked against those. */
    private final ByteViews views;
    /** The class loader of this run's program classes, learnt from the first static field the run touches. */
    private ClassLoader programLoader;

    MemoryAccess(Scheduler core, ClassInits classInits, ByteViews views) {
        this.core = core;
        this.classInits = classInits;
        this.views = views;
        this.symbols = core.symbols;
        this.model = core.model;
    }

    void beforeGetField(Object target, int field, int loc) {
        RunThread me = core.enter();
        try {
            me.read = null;
            if (target != null && me.controlled()) {
                FieldInfo f = symbols.fields().get(field);
                beginRead(me, Address.instanceField(core.objects().id(target, me), field), mode(f), f.valueType(), loc);
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
                beginRead(me, Address.staticField(field), mode(f), f.valueType(), loc);
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
                views.plain(array, index, loc);
                beginRead(me, Address.arrayElement(core.objects().id(array, me), index), AccessMode.PLAIN, elementType(array), loc);
            }
        } finally {
            core.unlock();
        }
    }

    private static AccessMode mode(FieldInfo f) {
        return f.isVolatile() ? AccessMode.VOLATILE : AccessMode.PLAIN;
    }

    /**
     * The scheduling point of a read in {@code mode}; {@link #afterLoad} or {@link #completeRead} records it.
     * No mode waits for the thread's store buffer: a volatile read is a plain load on x86 (EventKind#drainsBuffers).
     */
    void beginRead(RunThread me, Address address, AccessMode mode, char type, int loc) {
        EventKind kind = mode.readKind();
        core.schedulingPoint(me, kind, address, loc);
        me.read = new PendingRead(address, kind, type, loc, mode.eventFlag(), mode);
    }

    /**
     * Completes {@code me}'s pending read: {@code fromMemory} is what the native load returned,
     * encoded. Returns what the thread reads instead, boxed as the hooks receive it: its own newest
     * buffered write to the address (store forwarding), or the write its view shows it under JMM;
     * else {@link #AS_LOADED}.
     */
    private Object loaded(RunThread me, PendingRead read, long fromMemory) {
        me.read = null;
        core.recording.initialValue(read.address(), fromMemory);
        if (model == MemoryModel.JMM) {
            Object seen = core.jmm.read(me, read.address(), read.mode(), AS_LOADED);
            long value = seen != AS_LOADED ? core.objects().encode(seen, read.type(), me) : fromMemory;
            core.record(me, read.kind(), read.location(), read.address(), value, 0, read.type(), read.flags());
            return seen;
        }
        StoreBuffer.Entry forwarded = me.buffer.newest(read.address());
        core.record(me, read.kind(), read.location(), read.address(), forwarded != null ? forwarded.value() : fromMemory, 0,
                read.type(), read.flags());
        return forwarded != null ? forwarded.raw() : AS_LOADED;
    }

    /** Completes {@code me}'s pending read, whose load returned {@code loaded} boxed; returns the value the thread reads. */
    Object completeRead(RunThread me, Object loaded) {
        PendingRead read = me.read;
        Object replaced = read == null ? AS_LOADED : loaded(me, read, core.objects().encode(loaded, read.type(), me));
        return replaced != AS_LOADED ? replaced : loaded;
    }

    /**
     * A primitive load's {@code afterLoad}: completes the pending read, if any, of {@code fromMemory}
     * (the loaded value encoded as {@link ObjectRegistry#encode} would its box, without boxing it at
     * every read) and returns the thread's own buffered value that replaces it, or null.
     */
    private Object forwardedLoad(long fromMemory) {
        RunThread me = core.enter();
        try {
            Object replaced = me.read == null ? AS_LOADED : loaded(me, me.read, fromMemory);
            return replaced != AS_LOADED ? replaced : null;
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
            return completeRead(me, value);
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
            write(me, Address.instanceField(core.objects().id(target, me), field), mode(f), true, f.valueType(), raw, loc,
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
            write(me, Address.staticField(field), mode(f), mayBufferStatic(f), f.valueType(), raw, loc,
                    () -> MemoryCell.field(staticField(f), null));
        } finally {
            core.unlock();
        }
    }

    /**
     * Whether a write to static field {@code f} may wait in a store buffer. No other thread sees the static fields
     * of a class being initialised before the release of its lock drains this thread's writes, and the reflection
     * that hides a buffered write would wait for the class: store at once.
     */
    boolean mayBufferStatic(FieldInfo f) {
        return !classInits.initialising(f.owner());
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
            views.plain(array, index, loc);
            write(me, Address.arrayElement(core.objects().id(array, me), index), AccessMode.PLAIN, true, elementType(array), raw, loc,
                    () -> MemoryCell.element(array, index));
        } finally {
            core.unlock();
        }
    }

    /**
     * A write, which the caller then performs even when it is buffered (TSO/PSO): the writing
     * thread's own reads, instrumented or not, then see it, and {@link VisibleValues} hides it from the
     * other threads until its flush. A plain write that may not be buffered is stored at once. A release
     * write is a release fence and a write ({@link AccessMode#fencedBefore}).
     */
    void write(RunThread me, Address address, AccessMode mode, boolean mayBuffer, char type, Object raw, int loc,
               Supplier<MemoryCell> cell) {
        if (mode.fencedBefore(model)) {
            fence(me, FenceKind.RELEASE, loc);
        }
        EventKind kind = mode.writeKind();
        int flags = mode.eventFlag();
        core.schedulingPoint(me, kind, address, loc);
        MemoryCell resolved = null;
        if (!core.recording.hasInitialValue(address)) {
            resolved = cell.get();
            core.recording.initialValue(address, core.objects().encode(resolved.get(), type, me));
        }
        long value = core.objects().encode(raw, type, me);
        if (model == MemoryModel.JMM) {
            core.record(me, kind, loc, address, value, 0, type, flags);
            core.jmm.written(me, address, mode, type, raw, resolved != null ? resolved : cell.get());
            return;
        }
        if (mode == AccessMode.VOLATILE) {
            core.drain(me);
        } else if (model != MemoryModel.SC && mayBuffer) {
            MemoryCell target = resolved != null ? resolved : cell.get();
            if (target.settable()) {
                int index = core.record(me, EventKind.WRITE, loc, address, value, 0, type, Event.BUFFERED | flags);
                me.everBuffered = true;
                me.buffer.add(address, value, raw, type, index);
                core.visibleValues.buffering(address, target);
                return;
            }
            core.drain(me); // written at once, so everything this thread wrote before must be visible first
        }
        core.record(me, kind, loc, address, value, 0, type, flags);
    }

    /** The descriptor letter of an array's elements, told by type tests: {@code Class.descriptorString} makes a new string at every access. */
    static char elementType(Object array) {
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

    Field instanceField(Object target, FieldInfo f) {
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

    Field staticField(FieldInfo f) {
        return fields.computeIfAbsent(f.id(), id -> accessible(programClass(f.owner().replace('/', '.')), f.name()));
    }

    /** The program's class of this name (binary name, or a class descriptor). */
    Class<?> programClass(String name) {
        try {
            if (programLoader == null) {
                programLoader = programLoader();
            }
            return Class.forName(name, false, programLoader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("program class " + name + " not found", e);
        }
    }

    Class<?> programClass(java.lang.constant.ClassDesc desc) {
        String descriptor = desc.descriptorString();
        return programClass(descriptor.substring(1, descriptor.length() - 1).replace('/', '.'));
    }

    /**
     * The loader of the program code that called the hooks (the caller of {@link Hooks}); where instrumented JDK code
     * called them, through the bridge, the program code that called into the JDK (further down the stack).
     */
    private static ClassLoader programLoader() {
        String hooks = Hooks.class.getName();
        ClassLoader caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .dropWhile(f -> !f.getClassName().equals(hooks))
                .dropWhile(f -> f.getClassName().equals(hooks))
                .filter(f -> f.getDeclaringClass().getClassLoader() != null && !f.getClassName().startsWith(BRIDGE_SINKS))
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
            if (me.controlled() && model == MemoryModel.JMM) {
                core.jmm.frozen(me);
            } else if (me.controlled() && model == MemoryModel.PSO && me.everBuffered) {
                fence(me, FenceKind.STORE_STORE, loc);
            }
        } finally {
            core.unlock();
        }
    }

    void fence(RunThread me, FenceKind fence, int loc) {
        core.schedulingPoint(me, EventKind.FENCE, null, loc);
        if (model == MemoryModel.JMM) {
            core.jmm.fence(me, fence);
            core.record(me, EventKind.FENCE, loc, null, fence.ordinal(), 0, (char) 0, 0);
            return;
        }
        // Only write->read and (PSO) write->write pairs are relaxed, so only these fences have work to do.
        if (fence == FenceKind.FULL) {
            core.drain(me);
        } else if ((fence == FenceKind.RELEASE || fence == FenceKind.STORE_STORE) && model == MemoryModel.PSO) {
            me.buffer.storeStoreBarrier();
        }
        core.record(me, EventKind.FENCE, loc, null, fence.ordinal(), 0, (char) 0, 0);
    }
}
