package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.FieldInfo;
import java.lang.constant.ClassDesc;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The memory location a moded access names, found from what the program holds: a {@code VarHandle}
 * and its coordinates, an atomic object (and index), a field updater and its target object, or
 * {@code Unsafe}'s base object and offset. Each front resolves to the same {@link Address} as the
 * field or element's plain accesses, so that the two race and order with each other.
 *
 * <p>A VarHandle names its field through its nominal descriptor ({@code describeConstable}), which
 * needs no hook where the handle is made (a JDK class's handles included). A field updater names
 * its field only at {@code newUpdater}, whose caller-sensitive check forbids making it anywhere but
 * at the program's call: the instrumented call reports each new updater ({@link #updaterCreated}).
 * An {@code Unsafe} offset is matched against the offsets of the base object's fields.
 */
final class AccessTargets {
    /** The location, the cell through which the runtime reads (and under TSO/PSO hides) it, its descriptor letter. */
    record Target(Address address, MemoryCell cell, char type, boolean mayBuffer) {
    }

    /** What a resolved VarHandle names: a field, or (field null) the elements of arrays. */
    private record Named(Field field) {
    }

    private static final Map<Object, Field> UPDATED_FIELDS = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Named ARRAY_ELEMENTS = new Named(null);
    /** A byte-array view ({@code MethodHandles.byteArrayViewVarHandle}): several elements of a {@code byte[]} at once. */
    private static final Named BYTE_VIEW = new Named(null);

    private final Scheduler core;
    private final MemoryAccess memory;
    private final Map<Object, Named> handles = new IdentityHashMap<>();
    private final Map<List<Object>, Field> offsets = new HashMap<>();
    private final ByteViews views;
    private final RawMemory raw;

    AccessTargets(Scheduler core, MemoryAccess memory, ByteViews views, RawMemory raw) {
        this.core = core;
        this.memory = memory;
        this.views = views;
        this.raw = raw;
    }

    /** A field updater made by the program for {@code owner.name} (kept for the JVM's life: updaters live in static fields). */
    static void updaterCreated(Object updater, Class<?> owner, String name) {
        try {
            UPDATED_FIELDS.put(updater, owner.getDeclaredField(name));
        } catch (NoSuchFieldException e) {
            // newUpdater threw already
        }
    }

    /** {@code handle}'s location, with the arguments the call gave it; null when the access throws (null receiver, bad index). */
    Target ofVarHandle(RunThread me, VarHandle handle, Object[] arguments, int loc) {
        Named named = handles.computeIfAbsent(handle, h -> named(handle, loc));
        if (named == ARRAY_ELEMENTS) {
            return element(me, arguments[0], arguments[1], loc);
        }
        if (named == BYTE_VIEW) {
            char type = handle.varType().descriptorString().charAt(0);
            return arguments[0] instanceof byte[] bytes && arguments[1] instanceof Integer index
                    ? views.target(me, bytes, index, type, MemoryCell.view(handle, bytes, index), loc) : null;
        }
        return Modifier.isStatic(named.field().getModifiers()) ? field(me, named.field(), null) : field(me, named.field(), arguments[0]);
    }

    Target ofAtomic(RunThread me, Object atomic, Object[] arguments) {
        int index = atomic.getClass().getSimpleName().endsWith("Array") ? (Integer) arguments[0] : -1;
        if (!AtomicCell.inRange(atomic, index)) {
            return null;
        }
        AtomicCell cell = AtomicCell.of(atomic, index);
        return cell == null ? null : new Target(Address.atomic(core.objects().id(atomic, me), index), cell, cell.type(), true);
    }

    Target ofUpdater(RunThread me, Object updater, Object[] arguments, int loc) {
        Field field = UPDATED_FIELDS.get(updater);
        if (field == null) {
            core.unsupportedLocked("a field updater Weft did not see made", loc);
        }
        return field.getDeclaringClass().isInstance(arguments[0]) ? field(me, field, arguments[0]) : null;
    }

    /**
     * {@code Unsafe}'s access of a {@code type} value (descriptor letter) at an offset of a base object, or by address
     * (the base null, or the address form whose first argument is the address): raw memory ({@link RawMemory}).
     */
    Target ofUnsafe(RunThread me, Object[] arguments, char type, int loc) {
        if (arguments[0] instanceof Long address) {
            return raw.target(me, address, type, loc);
        }
        Object base = arguments[0];
        long offset = (Long) arguments[1];
        if (base == null) {
            return raw.target(me, offset, type, loc);
        }
        if (base.getClass().isArray()) {
            return unsafeElement(me, base, offset, type, loc);
        }
        boolean isStatic = base instanceof Class<?>;
        Class<?> owner = isStatic ? (Class<?>) base : base.getClass();
        Field field = offsets.computeIfAbsent(List.of(owner, offset, isStatic), k -> UnsafeOffsets.field(owner, offset, isStatic));
        if (field == null) {
            core.unsupportedLocked("sun.misc.Unsafe access at an offset that is no field's", loc);
        }
        return field(me, field, isStatic ? null : base);
    }

    /** An element of {@code array}, or several bytes of a {@code byte[]} at once ({@link ByteViews}). */
    private Target unsafeElement(RunThread me, Object array, long offset, char type, int loc) {
        long scale = UnsafeOffsets.indexScale(array.getClass());
        long from = offset - UnsafeOffsets.baseOffset(array.getClass());
        if (array instanceof byte[] bytes && type != 'B' && type != 'Z' && CellLayout.size(type) > 0) {
            return views.target(me, bytes, (int) from, type, MemoryCell.unsafe(array, offset, type), loc);
        }
        boolean sameType = type == MemoryAccess.elementType(array) || type == 'L' && !array.getClass().getComponentType().isPrimitive();
        if (!sameType || from % scale != 0) {
            core.unsupportedLocked("sun.misc.Unsafe " + type + " access at byte " + from + " of a " + array.getClass().getSimpleName()
                    + " (not one element of its type)", loc);
        }
        return element(me, array, (int) (from / scale), loc);
    }

    private Named named(VarHandle handle, int loc) {
        if (isByteArrayView(handle)) {
            return BYTE_VIEW;
        }
        List<Class<?>> coordinates = handle.coordinateTypes();
        if (!coordinates.isEmpty() && java.nio.ByteBuffer.class.isAssignableFrom(coordinates.get(0))) {
            // The buffer's own get and put methods reach the same bytes unseen, and a direct buffer's are raw memory no
            // allocateMemory of the run made.
            core.unsupportedLocked("java.lang.invoke.MethodHandles.byteBufferViewVarHandle (a ByteBuffer's bytes as "
                    + handle.varType().getName() + "s)", loc);
        }
        var description = handle.describeConstable().orElse(null);
        String kind = description == null ? "" : description.bootstrapMethod().methodName();
        if (kind.equals("arrayVarHandle")) {
            return ARRAY_ELEMENTS;
        }
        if (!kind.equals("fieldVarHandle") && !kind.equals("staticFieldVarHandle")) {
            core.unsupportedLocked("java.lang.invoke.VarHandle that is no field's or array element's (" + handle + ")", loc);
        }
        ClassDesc owner = (ClassDesc) description.bootstrapArgs()[0];
        Class<?> start = kind.equals("fieldVarHandle") ? handle.coordinateTypes().get(0) : memory.programClass(owner);
        for (Class<?> c = start; c != null; c = c.getSuperclass()) {
            if (c.descriptorString().equals(owner.descriptorString())) {
                return new Named(declared(c, description.constantName()));
            }
        }
        throw new IllegalStateException("no class " + owner.displayName() + " above " + start);
    }

    /** A handle on a byte[] and an index whose value is no byte: a byte-array view. */
    private static boolean isByteArrayView(VarHandle handle) {
        List<Class<?>> coordinates = handle.coordinateTypes();
        return coordinates.size() == 2 && coordinates.get(0) == byte[].class && handle.varType() != byte.class;
    }

    private static Field declared(Class<?> owner, String name) {
        try {
            return owner.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("no field " + name + " in " + owner.getName(), e);
        }
    }

    private Target field(RunThread me, Field field, Object target) {
        boolean isStatic = Modifier.isStatic(field.getModifiers());
        if (!isStatic && target == null) {
            return null;
        }
        FieldInfo f = core.symbols.fields().intern(field.getDeclaringClass().getName().replace('.', '/'), field.getName(),
                field.getType().descriptorString(), isStatic, Modifier.isVolatile(field.getModifiers()));
        if (isStatic) {
            return new Target(Address.staticField(f.id()), MemoryCell.field(memory.staticField(f), null), f.valueType(),
                    memory.mayBufferStatic(f));
        }
        return new Target(Address.instanceField(core.objects().id(target, me), f.id()), MemoryCell.field(memory.instanceField(target, f), target),
                f.valueType(), true);
    }

    private Target element(RunThread me, Object array, Object index, int loc) {
        if (array == null || !(index instanceof Integer i) || i < 0 || i >= java.lang.reflect.Array.getLength(array)) {
            return null;
        }
        views.plain(array, i, loc);
        return new Target(Address.arrayElement(core.objects().id(array, me), i), MemoryCell.element(array, i),
                MemoryAccess.elementType(array), true);
    }
}
