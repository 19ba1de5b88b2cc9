package dev.weft.boot;

/**
 * What instrumented JDK classes call instead of {@code Hooks}: the JDK's classes are defined by the
 * bootstrap loader, which cannot see Weft, so this class (and nothing else of this package) is put on
 * the bootstrap class path, and Weft hands it a {@link Sink} that reaches the runtime.
 *
 * <p>The same JDK classes serve the whole JVM: Weft's own code, test frameworks and threads outside
 * every run call them too. So each hook asks first whether the calling thread is <em>in the JDK on
 * the program's behalf</em>: between {@link #enterCall} and {@link #exitCall}, which the runtime calls
 * around a program's call on a JDK object whose class is instrumented, and not inside Weft's own code
 * ({@link #enterWeft}/{@link #exitWeft}, which also guard the sink's own calls, so that a hook that uses
 * a {@code HashMap} does not come back here). Everywhere else a hook is the JDK's plain instruction: a
 * load returns what it loaded, a hash code is the JDK's.
 *
 * <p>Only JDK types appear here: this class must load on the bootstrap class path alone.
 */
public final class JdkBridge {
    /** Where hooks go while the calling thread is in the JDK for the program; signatures as {@code HookHandler}'s. */
    public interface Sink {
        void beforeGetField(Object target, int field, int loc);

        void beforeGetStatic(int field, int loc);

        void beforeArrayLoad(Object array, int index, int loc);

        int afterLoad(int value);

        long afterLoad(long value);

        float afterLoad(float value);

        double afterLoad(double value);

        Object afterLoad(Object value);

        void putField(Object target, int value, int field, int loc);

        void putField(Object target, long value, int field, int loc);

        void putField(Object target, float value, int field, int loc);

        void putField(Object target, double value, int field, int loc);

        void putField(Object target, Object value, int field, int loc);

        void putStatic(int value, int field, int loc);

        void putStatic(long value, int field, int loc);

        void putStatic(float value, int field, int loc);

        void putStatic(double value, int field, int loc);

        void putStatic(Object value, int field, int loc);

        void arrayStore(Object array, int index, int value, int loc);

        void arrayStore(Object array, int index, long value, int loc);

        void arrayStore(Object array, int index, float value, int loc);

        void arrayStore(Object array, int index, double value, int loc);

        void arrayStore(Object array, int index, Object value, int loc);

        void allocated(Object object, int loc);

        int hashCode(Object object);

        int identityHashCode(Object object);

        /** JDK code is about to hand an array to code Weft does not instrument, which reads or writes it unseen. */
        void unseenArrays(int loc);

        /** An {@code Unsafe} or {@code VarHandle} access of JDK code, performed by the runtime (the call as made: receiver, boxed arguments, method). */
        Object modedAccess(Object receiver, Object[] arguments, String method, int loc);

        void fence(int kind, int loc);

        void park(Object blocker, boolean timed, int loc);

        void parkNanos(Object blocker, long nanos, int loc);

        void unpark(Thread thread, int loc);

        boolean threadInterrupted(int loc);

        boolean threadIsInterrupted(Thread thread, int loc);

        void threadInterrupt(Thread thread, int loc);

        void threadYield(int loc);

        /** A {@code synchronized} block of JDK code is entered or left (Weft's model of the monitor; the JVM instruction follows). */
        void monitorEnter(Object monitor, int loc);

        void monitorExit(Object monitor, int loc);

        /** A number that is the same in every run with the same schedule (the runtime's seed for the thread's randomness). */
        long randomSeed();

        void beforeAtomic(Object atomic, int index, int op, int loc);

        void afterAtomic();

        long nanoTime();

        long currentTimeMillis();

        // java.util.concurrent.locks as the program's calls reach them (JDK code's locks and conditions are Weft's model)
        void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException;

        boolean tryLock(Object lock, int loc);

        boolean tryLock(Object lock, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException;

        void unlock(Object lock, int loc);

        Object newCondition(Object lock, int loc);

        boolean isLocked(Object lock, int loc);

        boolean isHeldByCurrentThread(Object lock, int loc);

        int getHoldCount(Object lock, int loc);

        Object readWriteLockView(Object readWriteLock, boolean write, int loc);

        void await(Object condition, boolean interruptibly, int loc) throws InterruptedException;

        boolean await(Object condition, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException;

        long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException;

        boolean awaitUntil(Object condition, java.util.Date deadline, int loc) throws InterruptedException;

        void signal(Object condition, boolean all, int loc);

        int loopEnter(int loc, int kind, int enclosing);

        void loopBack(int loc, int kind, int token);

        void loopLocal(long value);

        void loopLocal(Object value);
    }

    /** A thread's standing: how deep it is in program calls on instrumented JDK objects, and whether it is inside Weft. */
    private static final class Standing {
        int calls;
        boolean insideWeft;
    }

    private static final ThreadLocal<Standing> STANDING = ThreadLocal.withInitial(Standing::new);
    private static volatile Sink sink;

    private JdkBridge() {
    }

    public static void install(Sink installed) {
        sink = installed;
    }

    /** The program calls a JDK object whose class is instrumented: hooks count from here to {@link #exitCall}. */
    public static void enterCall() {
        STANDING.get().calls++;
    }

    public static void exitCall() {
        STANDING.get().calls--;
    }

    /** The thread enters Weft's own code; returns whether it was inside already (hand it to {@link #exitWeft}). */
    public static boolean enterWeft() {
        Standing s = STANDING.get();
        boolean was = s.insideWeft;
        s.insideWeft = true;
        return was;
    }

    public static void exitWeft(boolean wasInside) {
        STANDING.get().insideWeft = wasInside;
    }

    /**
     * The program's code again, run from inside Weft's (a class initialiser the JVM runs at a hook's request): the JDK's
     * hooks pass to the runtime there as anywhere in the program. Returns what {@link #exitWeft} restores after it.
     */
    public static boolean leaveWeft() {
        Standing s = STANDING.get();
        boolean was = s.insideWeft;
        s.insideWeft = false;
        return was;
    }

    /**
     * Whether the calling thread is in the JDK for the program: instrumented JDK code asks this before a call it hands to
     * the runtime ({@code Unsafe}, {@code VarHandle}, park, interrupts) and makes the call as written when it is not.
     */
    public static boolean controlled() {
        if (sink == null) {
            return false;
        }
        Standing standing = STANDING.get();
        return standing.calls > 0 && !standing.insideWeft;
    }

    /**
     * A processor count JDK code read ({@code Runtime.availableProcessors()}, or a field derived from it): the value on
     * one processor while the thread is in the JDK for the program, which runs one thread at a time; else the JVM's.
     */
    public static int processors(int jvmValue, int onOneProcessor) {
        return controlled() ? onOneProcessor : jvmValue;
    }

    /**
     * A thread's id as JDK code run for the program sees it (JDK 17's {@code Exchanger} seeds its spin's random back-off
     * with it): derived from the thread's name, which Weft gives the same in every run, where the JVM's id counts every
     * thread the JVM ever started, so that two runs of one schedule spin alike. Else the JVM's id.
     */
    public static long threadId(long jvmId, Thread thread) {
        return controlled() ? (thread.getName().hashCode() & 0x7fff_ffffL) + 1 : jvmId;
    }

    /** The sink for a hook that only {@link #controlled} code reaches. */
    private static Sink entered() {
        Sink s = enter();
        if (s == null) {
            throw new IllegalStateException("a JDK call Weft performs was reached outside the program's calls");
        }
        return s;
    }

    /** The sink if the calling thread is in the JDK for the program (it is then inside Weft until {@link #leave}), else null. */
    private static Sink enter() {
        Sink s = sink;
        if (s == null) {
            return null;
        }
        Standing standing = STANDING.get();
        if (standing.calls <= 0 || standing.insideWeft) {
            return null;
        }
        standing.insideWeft = true;
        return s;
    }

    private static void leave() {
        STANDING.get().insideWeft = false;
    }

    public static void beforeGetField(Object target, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.beforeGetField(target, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void beforeGetStatic(int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.beforeGetStatic(field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void beforeArrayLoad(Object array, int index, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.beforeArrayLoad(array, index, loc);
            } finally {
                leave();
            }
        }
    }

    public static int afterLoad(int value) {
        Sink s = enter();
        if (s == null) {
            return value;
        }
        try {
            return s.afterLoad(value);
        } finally {
            leave();
        }
    }

    public static long afterLoad(long value) {
        Sink s = enter();
        if (s == null) {
            return value;
        }
        try {
            return s.afterLoad(value);
        } finally {
            leave();
        }
    }

    public static float afterLoad(float value) {
        Sink s = enter();
        if (s == null) {
            return value;
        }
        try {
            return s.afterLoad(value);
        } finally {
            leave();
        }
    }

    public static double afterLoad(double value) {
        Sink s = enter();
        if (s == null) {
            return value;
        }
        try {
            return s.afterLoad(value);
        } finally {
            leave();
        }
    }

    public static Object afterLoad(Object value) {
        Sink s = enter();
        if (s == null) {
            return value;
        }
        try {
            return s.afterLoad(value);
        } finally {
            leave();
        }
    }

    public static void putField(Object target, int value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putField(target, value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putField(Object target, float value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putField(target, value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putField(Object target, long value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putField(target, value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putField(Object target, double value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putField(target, value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putField(Object target, Object value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putField(target, value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putStatic(int value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putStatic(value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putStatic(float value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putStatic(value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putStatic(long value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putStatic(value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putStatic(double value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putStatic(value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void putStatic(Object value, int field, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.putStatic(value, field, loc);
            } finally {
                leave();
            }
        }
    }

    public static void arrayStore(Object array, int index, int value, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.arrayStore(array, index, value, loc);
            } finally {
                leave();
            }
        }
    }

    public static void arrayStore(Object array, int index, float value, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.arrayStore(array, index, value, loc);
            } finally {
                leave();
            }
        }
    }

    public static void arrayStore(Object array, int index, long value, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.arrayStore(array, index, value, loc);
            } finally {
                leave();
            }
        }
    }

    public static void arrayStore(Object array, int index, double value, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.arrayStore(array, index, value, loc);
            } finally {
                leave();
            }
        }
    }

    public static void arrayStore(Object array, int index, Object value, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.arrayStore(array, index, value, loc);
            } finally {
                leave();
            }
        }
    }

    public static void allocated(Object object, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.allocated(object, loc);
            } finally {
                leave();
            }
        }
    }

    /** {@code object.hashCode()} (stable per run where it reaches {@code Object.hashCode}). */
    public static int hashCode(Object object) {
        Sink s = enter();
        if (s == null) {
            return object.hashCode();
        }
        try {
            return s.hashCode(object);
        } finally {
            leave();
        }
    }

    public static int identityHashCode(Object object) {
        Sink s = enter();
        if (s == null) {
            return System.identityHashCode(object);
        }
        try {
            return s.identityHashCode(object);
        } finally {
            leave();
        }
    }

    public static void unseenArrays(int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.unseenArrays(loc);
            } finally {
                leave();
            }
        }
    }

    public static Object modedAccess(Object receiver, Object[] arguments, String method, int loc) {
        Sink s = entered();
        try {
            return s.modedAccess(receiver, arguments, method, loc);
        } finally {
            leave();
        }
    }

    public static void fence(int kind, int loc) {
        Sink s = entered();
        try {
            s.fence(kind, loc);
        } finally {
            leave();
        }
    }

    public static void park(Object blocker, boolean timed, int loc) {
        Sink s = entered();
        try {
            s.park(blocker, timed, loc);
        } finally {
            leave();
        }
    }

    public static void parkNanos(Object blocker, long nanos, int loc) {
        Sink s = entered();
        try {
            s.parkNanos(blocker, nanos, loc);
        } finally {
            leave();
        }
    }

    /**
     * {@code ForkJoinPool.managedBlock} in instrumented JDK code, while the thread is in the JDK for the program: what the
     * JDK's does for a thread that is no pool worker (a program thread never is one: Weft's pools are its models), block
     * until the blocker is releasable. The blocker's code is instrumented JDK code (a condition's node, which parks).
     */
    public static void managedBlock(java.util.concurrent.ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
        java.util.Objects.requireNonNull(blocker);
        while (!blocker.isReleasable() && !blocker.block()) {
            // block() returned false: ask again, as the JDK's loop does
        }
    }

    public static void unpark(Thread thread, int loc) {
        Sink s = entered();
        try {
            s.unpark(thread, loc);
        } finally {
            leave();
        }
    }

    public static boolean threadInterrupted(int loc) {
        Sink s = entered();
        try {
            return s.threadInterrupted(loc);
        } finally {
            leave();
        }
    }

    public static boolean threadIsInterrupted(Thread thread, int loc) {
        Sink s = entered();
        try {
            return s.threadIsInterrupted(thread, loc);
        } finally {
            leave();
        }
    }

    public static void threadInterrupt(Thread thread, int loc) {
        Sink s = entered();
        try {
            s.threadInterrupt(thread, loc);
        } finally {
            leave();
        }
    }

    public static void threadYield(int loc) {
        Sink s = entered();
        try {
            s.threadYield(loc);
        } finally {
            leave();
        }
    }

    // ---- copies of reference arrays (System.arraycopy, Arrays.copyOf, Arrays.toString): element reads and writes the runtime sees

    public static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length, int loc) {
        Sink s = enter();
        if (s == null) {
            System.arraycopy(src, srcPos, dest, destPos, length);
            return;
        }
        try {
            if (!(src instanceof Object[] from) || !(dest instanceof Object[] to)) {
                s.unseenArrays(loc); // primitive arrays (a string builder's bytes) are copied unseen
                System.arraycopy(src, srcPos, dest, destPos, length);
                return;
            }
            if (srcPos < 0 || destPos < 0 || length < 0 || srcPos > from.length - length || destPos > to.length - length) {
                System.arraycopy(src, srcPos, dest, destPos, length); // throws, copying nothing
                return;
            }
            copyElements(s, from, srcPos, to, destPos, length, loc);
        } finally {
            leave();
        }
    }

    public static Object[] copyOf(Object[] original, int newLength, int loc) {
        return copyOf(original, newLength, original.getClass(), loc);
    }

    public static Object[] copyOf(Object[] original, int newLength, Class<?> newType, int loc) {
        Sink s = enter();
        if (s == null) {
            return java.util.Arrays.copyOf(original, newLength, newType.asSubclass(Object[].class));
        }
        try {
            Object[] copy = (Object[]) java.lang.reflect.Array.newInstance(newType.getComponentType(), newLength);
            s.allocated(copy, loc);
            copyElements(s, original, 0, copy, 0, Math.min(original.length, newLength), loc);
            return copy;
        } finally {
            leave();
        }
    }

    /** {@code Arrays.toString} of a reference array: its elements read through the hooks, their own toString as the program's. */
    public static String toString(Object[] array, int loc) {
        Sink s = enter();
        if (s == null || array == null) {
            if (s != null) {
                leave();
            }
            return java.util.Arrays.toString(array);
        }
        Object[] values;
        try {
            values = readElements(s, array, 0, array.length, loc);
        } finally {
            leave();
        }
        return java.util.Arrays.toString(values);
    }

    /** Reads all, then writes all, so that a copy within one array moves the elements as they were. */
    private static void copyElements(Sink s, Object[] from, int fromPos, Object[] to, int toPos, int length, int loc) {
        Object[] values = readElements(s, from, fromPos, length, loc);
        for (int i = 0; i < length; i++) {
            s.arrayStore(to, toPos + i, values[i], loc);
            to[toPos + i] = values[i];
        }
    }

    private static Object[] readElements(Sink s, Object[] from, int fromPos, int length, int loc) {
        Object[] values = new Object[length];
        for (int i = 0; i < length; i++) {
            s.beforeArrayLoad(from, fromPos + i, loc);
            values[i] = s.afterLoad(from[fromPos + i]);
        }
        return values;
    }

    // ---- monitors of JDK code's synchronized blocks: Weft's lock model, then the JVM's own instruction

    public static void monitorEnter(Object monitor, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.monitorEnter(monitor, loc);
            } finally {
                leave();
            }
        }
    }

    public static void monitorExit(Object monitor, int loc) {
        Sink s = enter();
        if (s != null) {
            try {
                s.monitorExit(monitor, loc);
            } finally {
                leave();
            }
        }
    }

    // ---- ThreadLocalRandom's per-thread hints (probe, secondary seed) as JDK code reads them: a function of the schedule

    /** {@code ThreadLocalRandom.getProbe}: never 0, so the JDK never seeds the thread itself. */
    public static int threadProbe(int loc) {
        return (int) seed() | 1;
    }

    /**
     * {@code advanceProbe}, after a contended compare-and-set: the probe stays, so that a retry loop whose weak
     * compare-and-set failed spuriously comes back to the same state and the busy-wait rule can hold that failure (a
     * probe is only a hint of which counter cell to try).
     */
    public static int advanceProbe(int previous, int loc) {
        return previous;
    }

    /** {@code ThreadLocalRandom.nextSecondarySeed} (a skip list's random levels). */
    public static int secondarySeed(int loc) {
        return (int) seed();
    }

    private static long seed() {
        Sink s = entered();
        try {
            return s.randomSeed();
        } finally {
            leave();
        }
    }

    public static void beforeAtomic(Object atomic, int index, int op, int loc) {
        Sink s = entered();
        try {
            s.beforeAtomic(atomic, index, op, loc);
        } finally {
            leave();
        }
    }

    public static void afterAtomic() {
        Sink s = entered();
        try {
            s.afterAtomic();
        } finally {
            leave();
        }
    }

    /** {@code System.nanoTime()}: the thread's logical clock while it is in the JDK for the program. */
    public static long nanoTime() {
        Sink s = enter();
        if (s == null) {
            return System.nanoTime();
        }
        try {
            return s.nanoTime();
        } finally {
            leave();
        }
    }

    public static long currentTimeMillis() {
        Sink s = enter();
        if (s == null) {
            return System.currentTimeMillis();
        }
        try {
            return s.currentTimeMillis();
        } finally {
            leave();
        }
    }

    // ---- the locks and conditions JDK code uses: Weft's model of them, as for the program's own

    public static void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            s.lock(lock, interruptibly, loc);
        } finally {
            leave();
        }
    }

    public static boolean tryLock(Object lock, int loc) {
        Sink s = entered();
        try {
            return s.tryLock(lock, loc);
        } finally {
            leave();
        }
    }

    public static boolean tryLock(Object lock, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            return s.tryLock(lock, time, unit, loc);
        } finally {
            leave();
        }
    }

    public static void unlock(Object lock, int loc) {
        Sink s = entered();
        try {
            s.unlock(lock, loc);
        } finally {
            leave();
        }
    }

    public static Object newCondition(Object lock, int loc) {
        Sink s = entered();
        try {
            return s.newCondition(lock, loc);
        } finally {
            leave();
        }
    }

    public static boolean isLocked(Object lock, int loc) {
        Sink s = entered();
        try {
            return s.isLocked(lock, loc);
        } finally {
            leave();
        }
    }

    public static boolean isHeldByCurrentThread(Object lock, int loc) {
        Sink s = entered();
        try {
            return s.isHeldByCurrentThread(lock, loc);
        } finally {
            leave();
        }
    }

    public static int getHoldCount(Object lock, int loc) {
        Sink s = entered();
        try {
            return s.getHoldCount(lock, loc);
        } finally {
            leave();
        }
    }

    public static Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        Sink s = entered();
        try {
            return s.readWriteLockView(readWriteLock, write, loc);
        } finally {
            leave();
        }
    }

    public static void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            s.await(condition, interruptibly, loc);
        } finally {
            leave();
        }
    }

    public static boolean await(Object condition, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            return s.await(condition, time, unit, loc);
        } finally {
            leave();
        }
    }

    public static long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            return s.awaitNanos(condition, nanos, loc);
        } finally {
            leave();
        }
    }

    public static boolean awaitUntil(Object condition, java.util.Date deadline, int loc) throws InterruptedException {
        Sink s = entered();
        try {
            return s.awaitUntil(condition, deadline, loc);
        } finally {
            leave();
        }
    }

    public static void signal(Object condition, boolean all, int loc) {
        Sink s = entered();
        try {
            s.signal(condition, all, loc);
        } finally {
            leave();
        }
    }

    /** A loop of JDK code (a spin in a synchronizer) is watched as the program's are: a busy-wait holds its thread. */
    public static int loopEnter(int loc, int kind, int enclosing) {
        Sink s = enter();
        if (s == null) {
            return 0;
        }
        try {
            return s.loopEnter(loc, kind, enclosing);
        } finally {
            leave();
        }
    }

    public static void loopBack(int loc, int kind, int token) {
        Sink s = enter();
        if (s != null) {
            try {
                s.loopBack(loc, kind, token);
            } finally {
                leave();
            }
        }
    }

    public static void loopLocal(long value) {
        Sink s = enter();
        if (s != null) {
            try {
                s.loopLocal(value);
            } finally {
                leave();
            }
        }
    }

    public static void loopLocal(Object value) {
        Sink s = enter();
        if (s != null) {
            try {
                s.loopLocal(value);
            } finally {
                leave();
            }
        }
    }
}
