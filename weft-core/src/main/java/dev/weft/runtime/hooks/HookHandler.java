package dev.weft.runtime.hooks;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * What instrumented code calls, through the static facade {@link Hooks}. The controlled runtime
 * implements it; tests of the instrumenter may install a recording implementation instead.
 *
 * <p>Every {@code loc} argument is a program location id (see {@code dev.weft.trace.LocationTable}),
 * every {@code field} a field id (see {@code dev.weft.trace.FieldTable}). Each method that models
 * a shared access or synchronization operation is a scheduling point: it returns only when the
 * calling thread has been chosen to perform that operation. Methods that replace a JDK call take
 * the receiver as first argument and return what the JDK method would (reference results as
 * {@code Object}; the instrumented code casts them back). A call that reaches a program subclass's
 * override runs the override, and its {@code super} call reaches the hook; so an implementation that
 * performs the JDK operation itself must not call the receiver's (virtual) method again.
 *
 * <p>Signatures use JDK types only: a program sees nothing else of Weft.
 */
public interface HookHandler {
    /**
     * What {@link Hooks} calls for code outside every run until a handler is installed. */
    HookHandler OUTSIDE_A_RUN = (HookHandler) java.lang.reflect.Proxy.newProxyInstance(HookHandler.class.getClassLoader(),
            new Class<?>[] {HookHandler.class}, (proxy, method, args) -> {
                throw new IllegalStateException("instrumented code ran outside a Weft run (" + method.getName() + ")");
            });

    // ---- memory: before* is the scheduling point, the native load follows, after* records the
    // value and may replace it (a thread reads its own buffered write under TSO/PSO).

    void beforeGetField(Object target, int field, int loc);

    void beforeGetStatic(int field, int loc);

    void beforeArrayLoad(Object array, int index, int loc);

    int afterLoad(int value);

    long afterLoad(long value);

    float afterLoad(float value);

    double afterLoad(double value);

    Object afterLoad(Object value);

    // ---- memory writes, called just before the program performs the store. Sub-int types arrive as int.

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

    // ---- object identity and determinism

    /**
     * A new object or array whose allocation the program performed; idempotent (a program object is
     * reported right after its super constructor returns, and again when its constructor returns), at
     * location {@code loc}.
     */
    void allocated(Object object, int loc);

    // ---- class initialisation (JLS 12.4.2)

    /**
     * Just before an instruction that makes the JVM initialise {@code type} if it has not been: {@code new},
     * a static field access or a static call, {@code type} being the class that declares the member. A thread
     * that finds the class being initialised by another waits here, as it would inside the JVM; one that finds
     * it failed gets the JVM's {@code NoClassDefFoundError}; one that initialises it gets the initialiser's
     * {@code ExceptionInInitializerError}.
     */
    void classInit(Class<?> type, int loc);

    /** First thing a static initialiser does (every program class has one: one is added where the class has none). */
    void classInitEnter(Class<?> type, int loc);

    /** Last thing a static initialiser does, when it returns ({@code failed} false) or throws. */
    void classInitExit(Class<?> type, boolean failed, int loc);

    /** Leaving any static initialiser by {@code failure}, which it then throws on (a modelled one then calls {@link #classInitExit} too). */
    void classInitFailed(Throwable failure);

    int identityHashCode(Object object);

    /** {@code o.hashCode()} where the call resolves to {@code Object.hashCode}: stable unless overridden. */
    int objectHashCode(Object object);

    long currentTimeMillis();

    long nanoTime();

    double mathRandom();

    /** Seed for {@code new Random()}: deterministic per thread and allocation. */
    long randomSeed();

    // ---- monitors, wait/notify. The instrumented code still performs the JVM's monitorenter /
    // monitorexit right after monitorEnter / monitorExit return (synchronized methods become
    // synchronized blocks), so the real monitor is held exactly when the runtime's model says so.
    // objectWait therefore runs holding the JVM monitor and must release it while the thread waits
    // (e.g. by waiting in monitor.wait()), or the thread the runtime lets enter next would block in the JVM.

    void monitorEnter(Object monitor, int loc);

    /** If this throws, the handler javac wraps around a synchronized block retries the exit without calling the hook again. */
    void monitorExit(Object monitor, int loc);

    void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException;

    void objectNotify(Object monitor, boolean all, int loc);

    // ---- threads

    /** Wraps a {@code Runnable} given to a {@code Thread} constructor so the runtime sees the thread's begin and end. */
    Runnable wrapThreadBody(Runnable body);

    /** Start of {@code run()} of a program subclass of {@code Thread}; true if this call began the thread. */
    boolean threadBodyEnter();

    /** End of such a {@code run()}; {@code failure} is the exception leaving it, or null. */
    void threadBodyExit(boolean began, Throwable failure);

    /**
     * Called just before the JDK's {@code Thread.start} runs for {@code thread}. Unlike the other
     * thread hooks this one does not replace the call: the instrumented code starts the thread
     * itself when this returns (a program subclass may override {@code start()}, and only its own
     * {@code super.start()} can reach the JDK method), so the runtime must not start it.
     */
    void threadStart(Thread thread, int loc);

    /** Thread.join; {@code timed} false means wait forever. */
    void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException;

    void threadSleep(long millis, int nanos, int loc) throws InterruptedException;

    /** Thread.yield and Thread.onSpinWait. */
    void threadYield(int loc);

    /**
     * Replaces {@code Thread.interrupt}: the runtime models the interrupt flag (with
     * {@link #threadIsInterrupted} and {@link #threadInterrupted}) rather than calling
     * {@code thread.interrupt()}, which would re-enter a program subclass's override, whose
     * {@code super.interrupt()} is this hook again.
     */
    void threadInterrupt(Thread thread, int loc);

    boolean threadIsInterrupted(Thread thread, int loc);

    /** The static {@code Thread.interrupted()}: reads and clears the current thread's flag. */
    boolean threadInterrupted(int loc);

    boolean threadIsAlive(Thread thread, int loc);

    /** System.exit / Runtime.exit / Runtime.halt: never returns normally. */
    void exit(int status, int loc);

    // ---- program inputs (dev.weft.Weft)

    /** {@code Weft.input}/{@code inputBoolean}: the run's value of the named input; {@code type} is 'I', 'J' or 'Z' (0 or 1). */
    long input(String name, long min, long max, char type, int loc);

    /** {@code Weft.assume(false)}: ends the run as no behaviour of the program; never returns normally. */
    void assumptionFailed(int loc);

    /** The static {@code Thread.setDefaultUncaughtExceptionHandler}, for the program's run only. */
    void setDefaultUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler, int loc);

    /** The static {@code Thread.getDefaultUncaughtExceptionHandler}: the program run's own. */
    Object getDefaultUncaughtExceptionHandler(int loc);

    // ---- java.util.concurrent.locks. Receivers are Lock / ReentrantLock / read and write locks /
    // Condition objects; any other implementation is program code and is called as is.

    void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException;

    boolean tryLock(Object lock, int loc);

    boolean tryLock(Object lock, long time, TimeUnit unit, int loc) throws InterruptedException;

    void unlock(Object lock, int loc);

    Object newCondition(Object lock, int loc);

    /** ReentrantReadWriteLock.readLock()/writeLock(): the runtime learns which lock the view belongs to. */
    Object readWriteLockView(Object readWriteLock, boolean write, int loc);

    boolean isLocked(Object lock, int loc);

    boolean isHeldByCurrentThread(Object lock, int loc);

    int getHoldCount(Object lock, int loc);

    void await(Object condition, boolean interruptibly, int loc) throws InterruptedException;

    /** Condition.await(time, unit) (returns false on timeout). */
    boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException;

    /** Condition.awaitNanos (returns the time left; &lt;= 0 on timeout). */
    long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException;

    boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException;

    void signal(Object condition, boolean all, int loc);

    /** LockSupport.park*; {@code timed} false means park until unparked or interrupted. */
    void park(Object blocker, boolean timed, int loc);

    /** LockSupport.parkNanos in instrumented JDK code: when it times out, the thread's clock passes {@code nanos}, so that the JDK's deadline loops end. */
    default void parkNanos(Object blocker, long nanos, int loc) {
        park(blocker, true, loc);
    }

    void unpark(Thread thread, int loc);

    // ---- java.util.concurrent.atomic: the scheduling point precedes the native call, which then
    // runs while no other thread runs; afterAtomic records the value it left.

    /** {@code op} is one of the {@code Hooks.ATOMIC_*} constants; {@code index} is -1 for scalar atomics. */
    void beforeAtomic(Object atomic, int index, int op, int loc);

    void afterAtomic();

    /** getAndUpdate/updateAndGet on AtomicInteger(Array): a get, the function, a compareAndSet, retried. */
    int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc);

    long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc);

    Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc);

    int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc);

    long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc);

    Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc);

    /**
     * The calling thread starts ({@code true}) or stops waiting for work in a modelled thread pool
     * ({@code dev.weft.modelled}). Not a scheduling point. A run in which every other thread has ended
     * (or is a daemon) ends normally while such a thread still waits: nothing could hand it work.
     */
    void awaitingWork(boolean waiting);

    // ---- calls into the JDK on objects whose state Weft follows (collections, maps, string builders ...;
    // dev.weft.jdk.JdkApi). jdkCall is the scheduling point before the call (for each monitor the call
    // holds, then for the call itself) and returns a ticket, or null, that the instrumented code hands to
    // jdkReturned or jdkThrew when the call ends. Reached only when one of the objects is followed.

    /**
     * Before a JDK call at call site {@code site} ({@code dev.weft.trace.JdkCallSites}): its receiver (null
     * for static methods and constructors), its first two reference arguments whose types may hold
     * state (null where there are none) and any further ones ({@code rest}, usually null).
     */
    Object jdkCall(Object receiver, Object first, Object second, Object[] rest, int site);

    /** Whether the call of {@code ticket} is recorded in words; if so, {@link #jdkArguments} follows with all its arguments. */
    boolean describes(Object ticket);

    /** Every argument of the call of {@code ticket}, primitives boxed, for its description. */
    void jdkArguments(Object ticket, Object[] arguments);

    /**
     * The JDK call at {@code site} returned {@code result} (boxed; null for void). {@code ticket} is null
     * when {@link #jdkCall} was not reached or returned null; the result is then a followed object.
     */
    void jdkReturned(Object ticket, Object result, int site);

    /** The JDK call of {@code ticket} (never null) threw {@code failure}, which the instrumented code throws on. */
    void jdkThrew(Object ticket, Throwable failure);

    /** {@code value}, a followed JDK object, becomes reachable from where other threads can reach it: a field, an array, a lambda. */
    void published(Object value);

    // ---- loops: instrumented code reports every edge into the header of a loop that touches shared
    // state or calls a method ({@code loc} is the header's location). {@code kind} holds
    // {@link Hooks#LOOP_PURE} for a loop whose iterations leave no state behind but in their locals
    // and in shared memory; such a loop first reports, with loopLocal, each local its iterations
    // change, as it is at the header. Only loopBack is a scheduling point, and only when the
    // busy-wait rule calls it one (a LOOP step).

    /** The thread enters the loop from outside; returns the token that names this stay in it. {@code enclosing}: the token of the loop around it in the same method, or 0. */
    int loopEnter(int loc, int kind, int enclosing);

    /** The thread takes a back edge of the stay {@code token}: one iteration ended, the next begins. */
    void loopBack(int loc, int kind, int token);

    /** A local the loop's iterations change (an int, long, float or double as its raw bits), before loopEnter or loopBack. */
    void loopLocal(long value);

    /** A reference local the loop's iterations change, compared by identity. */
    void loopLocal(Object value);

    // ---- fences and what Weft cannot model

    /** A {@code VarHandle} fence; {@code kind} is a {@code dev.weft.trace.FenceKind} ordinal. */
    void fence(int kind, int loc);

    /**
     * A call with an access mode ({@code dev.weft.trace.AccessCall}), which the runtime performs: a
     * {@code VarHandle} access, an atomic class's plain, opaque, acquire or release access or weak
     * compare-and-set, a field updater's method, an {@code Unsafe} access. {@code receiver} is the
     * handle, atomic, updater or Unsafe, {@code arguments} the call's arguments boxed, {@code method}
     * "owner.name(descriptor)" (owner in internal form). Returns the call's result boxed, null for void.
     */
    Object modedAccess(Object receiver, Object[] arguments, String method, int loc);

    /**
     * {@code sun.misc.Unsafe}'s raw memory calls that are no access: allocateMemory, reallocateMemory, freeMemory,
     * setMemory, copyMemory; arguments as for {@link #modedAccess}.
     */
    Object rawMemory(Object unsafe, Object[] arguments, String method, int loc);

    /** The program made a field updater for {@code owner.field} (newUpdater). Not a scheduling point. */
    void updaterCreated(Object updater, Class<?> owner, String field);

    /**
     * Before a constructor that wrote final fields Weft instruments returns: JLS 17.5.1 freezes them, so a
     * thread that reads the object's reference later, even through a data race, sees them written.
     */
    void finalFieldsFrozen(int loc);

    /** The program reached a call Weft does not model: the run must stop and say so. Never returns normally. */
    void unsupported(String api, int loc);

    /**
     * Instrumented JDK code ({@code --instrument-jdk}) is about to hand an array to JDK code Weft does not instrument,
     * on the program's behalf: what that code reads and writes is no event, so the run cannot claim to have covered it.
     */
    default void unseenJdkArrays(int loc) {
    }

    /**
     * A model of a JDK class ({@code dev.weft.modelled}) stops short of a behaviour the JDK's class has
     * (a periodic task's next run past the model's bound): the run cannot claim to have covered it.
     */
    default void modelBoundReached(String what) {
    }
}
