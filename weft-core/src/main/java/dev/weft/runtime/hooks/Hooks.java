package dev.weft.runtime.hooks;

import dev.weft.jdk.JdkApi;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * The static entry points instrumented code calls; each forwards to the {@link HookHandler} of the
 * calling thread's run (see there for the meaning of each method).
 *
 * <p>One copy of this class serves every run in the JVM, so that no run defines, verifies and
 * compiles it again. A run's threads are bound to its handler: the runtime binds the thread that
 * runs main ({@link #bindCurrentThread}), and every thread made there inherits the binding when it
 * is constructed. A thread bound to no run (one the JDK made, or a test's own thread) reaches the
 * run whose class loader defined the calling code ({@link RunLoader}), and failing that the handler
 * last {@link #install installed}: the only one of a JVM started with Weft's agent.
 */
public final class Hooks {
    /** {@code beforeAtomic} operations: a volatile read (get, intValue ...). */
    public static final int ATOMIC_READ = 0;
    /** set: a volatile write. */
    public static final int ATOMIC_WRITE = 2;
    /** compareAndSet, getAndAdd, incrementAndGet, getAndSet, compareAndExchange ...: atomic read-modify-write. */
    public static final int ATOMIC_RMW = 5;
    /** {@code loopEnter}/{@code loopBack} kind: the loop's iterations leave no state behind but in their locals and in shared memory. */
    public static final int LOOP_PURE = 1;
    /** {@code loopBack} kind: a loop of instrumented JDK code, whose spins only wait (see {@code LoopWatch}). */
    public static final int LOOP_JDK = 2;

    private static final InheritableThreadLocal<HookHandler> BOUND = new InheritableThreadLocal<>();
    private static final StackWalker CALLERS = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    private static volatile HookHandler installed = HookHandler.OUTSIDE_A_RUN;

    private Hooks() {
    }

    /** The handler for threads bound to no run whose code no run's class loader defined. */
    public static void install(HookHandler handler) {
        installed = handler;
    }

    /** Binds the calling thread, and the threads it will construct, to a run's handler. */
    public static void bindCurrentThread(HookHandler handler) {
        BOUND.set(handler);
    }

    private static HookHandler handler() {
        HookHandler bound = BOUND.get();
        return bound != null ? bound : unboundHandler();
    }

    private static HookHandler unboundHandler() {
        HookHandler run = CALLERS.walk(frames -> frames
                .map(frame -> frame.getDeclaringClass().getClassLoader())
                .filter(loader -> loader instanceof RunLoader)
                .map(loader -> ((RunLoader) loader).handler())
                .findFirst()
                .orElse(null));
        return run != null ? run : installed;
    }

    public static void beforeGetField(Object target, int field, int loc) {
        handler().beforeGetField(target, field, loc);
    }

    public static void beforeGetStatic(int field, int loc) {
        handler().beforeGetStatic(field, loc);
    }

    public static void beforeArrayLoad(Object array, int index, int loc) {
        handler().beforeArrayLoad(array, index, loc);
    }

    public static int afterLoad(int value) {
        return handler().afterLoad(value);
    }

    public static long afterLoad(long value) {
        return handler().afterLoad(value);
    }

    public static float afterLoad(float value) {
        return handler().afterLoad(value);
    }

    public static double afterLoad(double value) {
        return handler().afterLoad(value);
    }

    public static Object afterLoad(Object value) {
        return handler().afterLoad(value);
    }

    public static void putField(Object target, int value, int field, int loc) {
        handler().putField(target, value, field, loc);
    }

    public static void putField(Object target, long value, int field, int loc) {
        handler().putField(target, value, field, loc);
    }

    public static void putField(Object target, float value, int field, int loc) {
        handler().putField(target, value, field, loc);
    }

    public static void putField(Object target, double value, int field, int loc) {
        handler().putField(target, value, field, loc);
    }

    public static void putField(Object target, Object value, int field, int loc) {
        handler().putField(target, value, field, loc);
    }

    public static void putStatic(int value, int field, int loc) {
        handler().putStatic(value, field, loc);
    }

    public static void putStatic(long value, int field, int loc) {
        handler().putStatic(value, field, loc);
    }

    public static void putStatic(float value, int field, int loc) {
        handler().putStatic(value, field, loc);
    }

    public static void putStatic(double value, int field, int loc) {
        handler().putStatic(value, field, loc);
    }

    public static void putStatic(Object value, int field, int loc) {
        handler().putStatic(value, field, loc);
    }

    public static void arrayStore(Object array, int index, int value, int loc) {
        handler().arrayStore(array, index, value, loc);
    }

    public static void arrayStore(Object array, int index, long value, int loc) {
        handler().arrayStore(array, index, value, loc);
    }

    public static void arrayStore(Object array, int index, float value, int loc) {
        handler().arrayStore(array, index, value, loc);
    }

    public static void arrayStore(Object array, int index, double value, int loc) {
        handler().arrayStore(array, index, value, loc);
    }

    public static void arrayStore(Object array, int index, Object value, int loc) {
        handler().arrayStore(array, index, value, loc);
    }

    public static void allocated(Object object, int loc) {
        handler().allocated(object, loc);
    }

    public static void classInit(Class<?> type, int loc) {
        handler().classInit(type, loc);
    }

    public static void classInitEnter(Class<?> type, int loc) {
        handler().classInitEnter(type, loc);
    }

    public static void classInitExit(Class<?> type, boolean failed, int loc) {
        handler().classInitExit(type, failed, loc);
    }

    public static void classInitFailed(Throwable failure) {
        handler().classInitFailed(failure);
    }

    public static int identityHashCode(Object object) {
        return handler().identityHashCode(object);
    }

    public static int objectHashCode(Object object) {
        return handler().objectHashCode(object);
    }

    public static long currentTimeMillis() {
        return handler().currentTimeMillis();
    }

    public static long nanoTime() {
        return handler().nanoTime();
    }

    public static double mathRandom() {
        return handler().mathRandom();
    }

    public static long randomSeed() {
        return handler().randomSeed();
    }

    public static void monitorEnter(Object monitor, int loc) {
        handler().monitorEnter(monitor, loc);
    }

    public static void monitorExit(Object monitor, int loc) {
        handler().monitorExit(monitor, loc);
    }

    public static void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        handler().objectWait(monitor, millis, nanos, timed, loc);
    }

    public static void objectNotify(Object monitor, boolean all, int loc) {
        handler().objectNotify(monitor, all, loc);
    }

    public static Runnable wrapThreadBody(Runnable body) {
        return handler().wrapThreadBody(body);
    }

    public static boolean threadBodyEnter() {
        return handler().threadBodyEnter();
    }

    public static void threadBodyExit(boolean began, Throwable failure) {
        handler().threadBodyExit(began, failure);
    }

    public static void threadStart(Thread thread, int loc) {
        handler().threadStart(thread, loc);
    }

    public static void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        handler().threadJoin(thread, millis, nanos, timed, loc);
    }

    public static void threadSleep(long millis, int nanos, int loc) throws InterruptedException {
        handler().threadSleep(millis, nanos, loc);
    }

    public static void threadYield(int loc) {
        handler().threadYield(loc);
    }

    public static void threadInterrupt(Thread thread, int loc) {
        handler().threadInterrupt(thread, loc);
    }

    public static boolean threadIsInterrupted(Thread thread, int loc) {
        return handler().threadIsInterrupted(thread, loc);
    }

    public static boolean threadInterrupted(int loc) {
        return handler().threadInterrupted(loc);
    }

    public static boolean threadIsAlive(Thread thread, int loc) {
        return handler().threadIsAlive(thread, loc);
    }

    public static void exit(int status, int loc) {
        handler().exit(status, loc);
    }

    public static int input(String name, int min, int max, int loc) {
        return (int) handler().input(name, min, max, 'I', loc);
    }

    public static long input(String name, long min, long max, int loc) {
        return handler().input(name, min, max, 'J', loc);
    }

    public static boolean inputBoolean(String name, int loc) {
        return handler().input(name, 0, 1, 'Z', loc) != 0;
    }

    public static void assume(boolean condition, int loc) {
        if (!condition) {
            handler().assumptionFailed(loc);
        }
    }

    public static void setDefaultUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler, int loc) {
        handler().setDefaultUncaughtExceptionHandler(handler, loc);
    }

    public static Object getDefaultUncaughtExceptionHandler(int loc) {
        return handler().getDefaultUncaughtExceptionHandler(loc);
    }

    public static void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException {
        handler().lock(lock, interruptibly, loc);
    }

    public static boolean tryLock(Object lock, int loc) {
        return handler().tryLock(lock, loc);
    }

    public static boolean tryLock(Object lock, long time, TimeUnit unit, int loc) throws InterruptedException {
        return handler().tryLock(lock, time, unit, loc);
    }

    public static void unlock(Object lock, int loc) {
        handler().unlock(lock, loc);
    }

    public static Object newCondition(Object lock, int loc) {
        return handler().newCondition(lock, loc);
    }

    public static Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        return handler().readWriteLockView(readWriteLock, write, loc);
    }

    public static boolean isLocked(Object lock, int loc) {
        return handler().isLocked(lock, loc);
    }

    public static boolean isHeldByCurrentThread(Object lock, int loc) {
        return handler().isHeldByCurrentThread(lock, loc);
    }

    public static int getHoldCount(Object lock, int loc) {
        return handler().getHoldCount(lock, loc);
    }

    public static void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        handler().await(condition, interruptibly, loc);
    }

    public static boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        return handler().await(condition, time, unit, loc);
    }

    public static long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return handler().awaitNanos(condition, nanos, loc);
    }

    public static boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        return handler().awaitUntil(condition, deadline, loc);
    }

    public static void signal(Object condition, boolean all, int loc) {
        handler().signal(condition, all, loc);
    }

    public static void park(Object blocker, boolean timed, int loc) {
        handler().park(blocker, timed, loc);
    }

    public static void parkNanos(Object blocker, long nanos, int loc) {
        handler().parkNanos(blocker, nanos, loc);
    }

    public static void unpark(Thread thread, int loc) {
        handler().unpark(thread, loc);
    }

    /**
     * sun.misc.Unsafe's park: a relative time of 0 waits for an unpark, any other time (a relative one in nanoseconds, a
     * deadline in milliseconds, one already passed) is a timed park, which Weft lets time out at any moment.
     */
    public static void unsafePark(boolean absolute, long time, int loc) {
        if (absolute || time < 0) {
            park(null, true, loc);
        } else if (time == 0) {
            park(null, false, loc);
        } else {
            parkNanos(null, time, loc);
        }
    }

    /** sun.misc.Unsafe's unpark: of a thread; anything else is ignored, as by the JVM. */
    public static void unsafeUnpark(Object thread, int loc) {
        if (thread instanceof Thread t) {
            unpark(t, loc);
        }
    }

    public static void beforeAtomic(Object atomic, int index, int op, int loc) {
        handler().beforeAtomic(atomic, index, op, loc);
    }

    public static void afterAtomic() {
        handler().afterAtomic();
    }

    public static int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc) {
        return handler().atomicUpdate(atomic, index, function, returnNew, loc);
    }

    public static long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc) {
        return handler().atomicUpdate(atomic, index, function, returnNew, loc);
    }

    public static Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        return handler().atomicUpdate(atomic, index, function, returnNew, loc);
    }

    public static int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc) {
        return handler().atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    public static long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc) {
        return handler().atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    public static Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc) {
        return handler().atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    public static void awaitingWork(boolean waiting) {
        handler().awaitingWork(waiting);
    }

    /** A JDK call on objects none of which Weft follows (the common case) returns at once, without the run's lock. */
    public static Object jdkCall(Object receiver, Object first, Object second, Object[] rest, int site) {
        if (!isFollowed(receiver) && !isFollowed(first) && !isFollowed(second) && rest == null) {
            return null;
        }
        return handler().jdkCall(receiver, first, second, rest, site);
    }

    /** The constructor of a JDK class whose code may run instrumented, with no argument Weft follows: the runtime decides. */
    public static Object jdkConstructs(Object receiver, Object first, Object second, Object[] rest, int site) {
        return handler().jdkCall(receiver, first, second, rest, site);
    }

    public static boolean describes(Object ticket) {
        return ticket != null && handler().describes(ticket);
    }

    public static void jdkArguments(Object ticket, Object[] arguments) {
        handler().jdkArguments(ticket, arguments);
    }

    public static void jdkReturned(Object ticket, Object result, int site) {
        if (ticket != null || isFollowed(result)) {
            handler().jdkReturned(ticket, result, site);
        }
    }

    public static void jdkThrew(Object ticket, Throwable failure) {
        if (ticket != null) {
            handler().jdkThrew(ticket, failure);
        }
    }

    public static void published(Object value) {
        if (isFollowed(value)) {
            handler().published(value);
        }
    }

    private static boolean isFollowed(Object object) {
        return object != null && JdkApi.safety(object.getClass()) != JdkApi.Safety.NONE;
    }

    public static int loopEnter(int loc, int kind, int enclosing) {
        return handler().loopEnter(loc, kind, enclosing);
    }

    public static void loopBack(int loc, int kind, int token) {
        handler().loopBack(loc, kind, token);
    }

    public static void loopLocal(long value) {
        handler().loopLocal(value);
    }

    public static void loopLocal(Object value) {
        handler().loopLocal(value);
    }

    public static void fence(int kind, int loc) {
        handler().fence(kind, loc);
    }

    public static Object modedAccess(Object receiver, Object[] arguments, String method, int loc) {
        return handler().modedAccess(receiver, arguments, method, loc);
    }

    public static Object rawMemory(Object unsafe, Object[] arguments, String method, int loc) {
        return handler().rawMemory(unsafe, arguments, method, loc);
    }

    /** An atomic field updater's functional update ({@code getAndUpdate}, {@code accumulateAndGet} ...); {@code x} is null for an update. */
    public static Object updaterFunctional(Object updater, Object target, Object x, Object function, String method, int loc) {
        return UpdaterFunctions.apply(updater, target, x, function, method, loc);
    }

    public static void updaterCreated(Object updater, Class<?> owner, String field) {
        handler().updaterCreated(updater, owner, field);
    }

    public static void finalFieldsFrozen(int loc) {
        handler().finalFieldsFrozen(loc);
    }

    public static void unsupported(String api, int loc) {
        handler().unsupported(api, loc);
    }

    public static void modelBoundReached(String what) {
        handler().modelBoundReached(what);
    }

    public static void unseenJdkArrays(int loc) {
        handler().unseenJdkArrays(loc);
    }
}
