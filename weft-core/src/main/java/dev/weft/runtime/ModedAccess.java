package dev.weft.runtime;

import dev.weft.runtime.AccessTargets.Target;
import dev.weft.trace.AccessCall;
import dev.weft.trace.AccessMode;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Outcome;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Accesses with an {@link AccessMode}: {@code VarHandle} accesses, the atomic classes' access modes,
 * field updaters and {@code sun.misc.Unsafe}. The runtime performs each such call itself, through the
 * object the program called, while it holds the run's lock: a read or write after its scheduling
 * point with the ordering its mode has under the run's memory model ({@link MemoryAccess} does what
 * plain and volatile field accesses do, a release fence first where the mode needs it), a
 * read-modify-write atomically after draining the store buffer, as {@link Atomics} do. A weak
 * compare-and-set may also fail spuriously, which its javadoc allows even where the value matched: a
 * choice of the schedule like a spurious wake-up ({@link Outcome#SPURIOUS}), which the busy-wait rule
 * holds back as it does a wake-up's ({@link dev.weft.trace.BusyWait}) so that a retry loop neither
 * spins for ever nor loses the attempt that succeeds.
 *
 * <p>The interface is the call as the program made it ({@link #access}): receiver, boxed arguments and
 * the method. Instrumented JDK code can hand its own VarHandle and Unsafe calls over the same way.
 */
final class ModedAccess {
    /** One call site's method, parsed once per JVM. */
    private record Method(String owner, String name, String descriptor, AccessCall call) {
        static Method parse(String method) {
            int dot = method.indexOf('.');
            int paren = method.indexOf('(');
            String owner = method.substring(0, dot);
            String name = method.substring(dot + 1, paren);
            return new Method(owner, name, method.substring(paren), AccessCall.of(owner, name));
        }

        boolean isVarHandle() {
            return owner.equals("java/lang/invoke/VarHandle");
        }

        boolean isUnsafe() {
            return owner.equals("sun/misc/Unsafe") || owner.equals("jdk/internal/misc/Unsafe");
        }

        /** The descriptor letter of the value it reads (its result) or writes (its last argument). */
        char valueType() {
            int close = descriptor.indexOf(')');
            char last = call.op() == AccessCall.Op.READ ? descriptor.charAt(close + 1) : descriptor.charAt(close - 1);
            return last == ';' ? 'L' : last;
        }
    }

    private static final Map<String, Method> METHODS = new ConcurrentHashMap<>();
    private static final Map<String, MethodHandle> JDK_METHODS = new ConcurrentHashMap<>();

    private final Scheduler core;
    private final MemoryAccess memory;
    private final AccessTargets targets;
    private final RawMemory raw;

    ModedAccess(Scheduler core, MemoryAccess memory, ByteViews views) {
        this.core = core;
        this.memory = memory;
        this.raw = new RawMemory(core, memory);
        this.targets = new AccessTargets(core, memory, views, raw);
    }

    /**
     * {@code sun.misc.Unsafe}'s raw memory calls but the accesses ({@link RawMemory}): allocateMemory, reallocateMemory,
     * freeMemory, setMemory and copyMemory, each by address; what a thread outside the run calls is the JVM's.
     */
    Object rawMemory(Object unsafe, Object[] arguments, String method, int loc) {
        Method m = METHODS.computeIfAbsent(method, Method::parse);
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return perform(m, unsafe, arguments);
            }
            return switch (m.name()) {
                case "allocateMemory" -> raw.allocate(me, (Long) arguments[0], loc);
                case "reallocateMemory" -> raw.reallocate(me, (Long) arguments[0], (Long) arguments[1], loc);
                case "freeMemory" -> {
                    raw.free(me, (Long) arguments[0], loc);
                    yield null;
                }
                case "setMemory" -> {
                    int at = arguments.length - 3;
                    onlyRaw(arguments, at, loc);
                    raw.set(me, (Long) arguments[at], (Long) arguments[at + 1], (Byte) arguments[at + 2], loc);
                    yield null;
                }
                default -> {
                    int at = arguments.length == 3 ? 0 : 1;
                    onlyRaw(arguments, 0, loc);
                    raw.copy(me, (Long) arguments[at], (Long) arguments[arguments.length == 3 ? 1 : 3], (Long) arguments[arguments.length - 1], loc);
                    yield null;
                }
            };
        } finally {
            core.unlock();
        }
    }

    /** The bulk forms with Java objects as bases (an array copied to raw memory ...) are not raw memory: refused. */
    private void onlyRaw(Object[] arguments, int addressAt, int loc) {
        boolean objectBases = arguments.length == 5 ? arguments[0] != null || arguments[2] != null : addressAt == 1 && arguments[0] != null;
        if (objectBases) {
            core.unsupportedLocked("sun.misc.Unsafe setMemory or copyMemory on a Java object rather than raw memory", loc);
        }
    }

    /** After the run. */
    void release() {
        raw.release();
    }

    /**
     * The call {@code method} ("owner.name(descriptor)", owner in internal form) on {@code receiver} with
     * {@code arguments}, performed with its mode's ordering; returns its result, boxed (null for void).
     */
    Object access(Object receiver, Object[] arguments, String method, int loc) {
        Method m = METHODS.computeIfAbsent(method, Method::parse);
        RunThread me = core.enter();
        try {
            Target target = me.controlled() && receiver != null ? target(me, m, receiver, arguments, loc) : null;
            if (target == null) {
                return perform(m, receiver, arguments); // nothing to order here, or the call throws
            }
            return switch (m.call().op()) {
                case READ -> read(me, target, m, receiver, arguments, loc);
                case WRITE -> write(me, target, m, receiver, arguments, loc);
                default -> readModifyWrite(me, target, m, receiver, arguments, loc);
            };
        } finally {
            core.unlock();
        }
    }

    private Target target(RunThread me, Method m, Object receiver, Object[] arguments, int loc) {
        if (m.isVarHandle()) {
            return targets.ofVarHandle(me, (VarHandle) receiver, arguments, loc);
        }
        if (m.isUnsafe()) {
            return targets.ofUnsafe(me, arguments, m.valueType(), loc);
        }
        if (m.owner().endsWith("FieldUpdater")) {
            return targets.ofUpdater(me, receiver, arguments, loc);
        }
        return targets.ofAtomic(me, receiver, arguments);
    }

    private Object read(RunThread me, Target target, Method m, Object receiver, Object[] arguments, int loc) {
        memory.beginRead(me, target.address(), m.call().mode(), target.type(), loc);
        Object loaded = perform(m, receiver, arguments);
        // Memory shows this thread its own buffered writes (VisibleValues), so what it loaded is what it reads;
        // under JMM a volatile read's fence may show it a newer write than its turn began with.
        Object read = memory.completeRead(me, loaded);
        return core.model == MemoryModel.JMM ? JmmViews.cellForm(read, target.type()) : loaded;
    }

    private Object write(RunThread me, Target target, Method m, Object receiver, Object[] arguments, int loc) {
        memory.write(me, target.address(), m.call().mode(), target.mayBuffer(), target.type(), arguments[arguments.length - 1], loc,
                target::cell);
        return perform(m, receiver, arguments);
    }

    private Object readModifyWrite(RunThread me, Target target, Method m, Object receiver, Object[] arguments, int loc) {
        boolean weak = m.call().op() == AccessCall.Op.WEAK_COMPARE_AND_SET;
        int held = weak && me.loops.holdsWait() ? Event.HELD : 0;
        Outcome outcome = weak ? weakCasPoint(me, target, loc, held) : Outcome.NORMAL;
        if (!weak) {
            core.schedulingPoint(me, EventKind.ATOMIC_RMW, target.address(), loc);
        }
        if (core.model == MemoryModel.JMM) {
            core.jmm.beforeAtomic(me, target.address(), target.type(), target.cell(), EventKind.ATOMIC_RMW);
        } else {
            core.drain(me);
        }
        long before = core.objects().encode(target.cell().get(), target.type(), me);
        core.recording.initialValue(target.address(), before);
        // A spurious failure reads as a failed compare-and-set does and writes nothing.
        Object result = outcome == Outcome.SPURIOUS ? Boolean.FALSE : perform(m, receiver, arguments);
        long after = core.objects().encode(target.cell().get(), target.type(), me);
        if (core.model == MemoryModel.JMM && after != before) {
            core.jmm.atomicWritten(me, target.address(), target.type(), target.cell());
        }
        int flags = (after != before ? Event.WROTE : 0) | (weak ? Event.MAY_WAKE_SPURIOUSLY | held | Event.flagsOf(outcome) : 0);
        core.record(me, EventKind.ATOMIC_RMW, loc, target.address(), before, after, target.type(), flags);
        return result;
    }

    /**
     * A weak compare-and-set's scheduling point: it may succeed as a strong one does or fail
     * spuriously, unless the busy-wait rule holds it ({@code held}): its loop's last iteration then
     * failed spuriously and changed nothing, so that iteration could be left out of the run, and
     * whatever failing here once more reaches, failing there first reaches in a run this one's
     * exploration also makes. Unlike a held wait, a held weak compare-and-set is never released: it
     * takes no lock and no place in a queue that another thread's write could make matter.
     */
    private Outcome weakCasPoint(RunThread me, Target target, int loc, int held) {
        int outcomes = Outcomes.NORMAL | Outcomes.when(held == 0, Outcomes.SPURIOUS);
        Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.ATOMIC_RMW, target.address(), loc, Event.MAY_WAKE_SPURIOUSLY | held),
                () -> outcomes, () -> "is about to compare-and-set");
        me.loops.waitReturned();
        return outcome;
    }

    /** The call itself, through the VarHandle's access mode or the JDK method; what it throws reaches the program. */
    private static Object perform(Method m, Object receiver, Object[] arguments) {
        try {
            if (m.isVarHandle()) {
                return ((VarHandle) receiver).toMethodHandle(VarHandle.AccessMode.valueFromMethodName(m.name())).invokeWithArguments(arguments);
            }
            Object[] all = new Object[arguments.length + 1];
            all[0] = receiver;
            System.arraycopy(arguments, 0, all, 1, arguments.length);
            return jdkMethod(m).invokeWithArguments(Arrays.asList(all));
        } catch (Throwable t) {
            throw ModedAccess.<RuntimeException>rethrow(t);
        }
    }

    private static MethodHandle jdkMethod(Method m) {
        return JDK_METHODS.computeIfAbsent(m.owner() + '.' + m.name() + m.descriptor(), k -> {
            try {
                Class<?> owner = Class.forName(m.owner().replace('/', '.'));
                // The JDK's own Unsafe is exported to Weft alone, when JDK classes are instrumented (JdkInstrumentation).
                MethodHandles.Lookup lookup = owner.getModule().isExported(owner.getPackageName()) ? MethodHandles.publicLookup()
                        : MethodHandles.lookup();
                return lookup.findVirtual(owner, m.name(), MethodType.fromMethodDescriptorString(m.descriptor(), null));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("no JDK method " + k, e);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
