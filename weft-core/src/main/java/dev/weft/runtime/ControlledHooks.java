package dev.weft.runtime;

import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * The {@link HookHandler} of one run, and the one place that says which part of the runtime handles
 * each hook: {@link MemoryAccess} (field and array accesses, fences), {@link Atomics}, {@link ModedAccess}
 * (VarHandles, access modes, field updaters, Unsafe),
 * {@link Locks} (monitors, {@code java.util.concurrent} locks), {@link Waits} (wait/notify, conditions, park),
 * {@link ThreadLifecycle} (thread bodies, start, join, sleep, yield, interrupts, exit, pool workers),
 * {@link ClassInits} (class initialisation), {@link Determinism} (identity hash codes, clocks,
 * random numbers), {@link Loops} (arrivals at loop headers) and {@link JdkObjects} (calls on JDK
 * objects more than one thread can reach). They share the run's {@link Scheduler}, which decides
 * whose turn it is, and the {@link Recording} of the run; the hook for unsupported calls goes to
 * the scheduler directly. This class holds no state of its own.
 */
final class ControlledHooks implements HookHandler {
    private final Scheduler core;
    private final MemoryAccess memory;
    private final Atomics atomics;
    private final ModedAccess moded;
    private final Locks locks;
    private final Waits waits;
    private final ThreadLifecycle threads;
    private final ClassInits classInits;
    private final Determinism determinism;
    private final Loops loops;
    private final JdkObjects jdkObjects;
    private final Inputs inputs;
    /** What the run's code calls: this, guarded where JDK classes are instrumented ({@link WeftCodeGuard}). */
    private final HookHandler facade;

    ControlledHooks(Symbols symbols, RunConfig config, SchedulePolicy policy) {
        core = new Scheduler(symbols, config, policy);
        WeftCodeGuard guard = new WeftCodeGuard(!config.instrumentedJdk().isEmpty());
        classInits = new ClassInits(core, guard);
        ByteViews views = new ByteViews(core);
        memory = new MemoryAccess(core, classInits, views);
        atomics = new Atomics(core);
        moded = new ModedAccess(core, memory, views);
        threads = new ThreadLifecycle(core, guard);
        locks = new Locks(core, threads);
        waits = new Waits(core, locks, threads);
        determinism = new Determinism(core);
        loops = new Loops(core, config);
        inputs = new Inputs(core, policy, config);
        jdkObjects = new JdkObjects(core, locks, policy.recordsForReport(), config.instrumentedJdk());
        facade = guard.around(this);
    }

    /** The handler the run's code reaches (this one, or it guarded: {@link WeftCodeGuard}). */
    HookHandler facade() {
        return facade;
    }

    /** Runs {@code copy}'s main in a fresh thread under this run's scheduler and returns when every program thread has stopped. */
    RunResult execute(ProgramUnderTest.Copy copy) {
        try {
            return core.execute(copy, () -> runMain(copy));
        } finally {
            moded.release();
        }
    }

    /** After {@link #execute}: the program threads it could not stop. */
    List<String> uncontrolledThreads() {
        return core.uncontrolledThreads();
    }

    private void runMain(ProgramUnderTest.Copy copy) {
        Hooks.bindCurrentThread(facade);
        boolean began = false;
        Throwable failure = null;
        try {
            began = threads.threadBodyEnter();
            copy.runMain();
        } catch (Throwable t) {
            failure = t;
        }
        threads.threadBodyExit(began, failure);
    }

    // ------------------------------------------------------------------ memory: MemoryAccess

    @Override
    public void beforeGetField(Object target, int field, int loc) {
        memory.beforeGetField(target, field, loc);
    }

    @Override
    public void beforeGetStatic(int field, int loc) {
        memory.beforeGetStatic(field, loc);
    }

    @Override
    public void beforeArrayLoad(Object array, int index, int loc) {
        memory.beforeArrayLoad(array, index, loc);
    }

    @Override
    public int afterLoad(int value) {
        return memory.afterLoad(value);
    }

    @Override
    public long afterLoad(long value) {
        return memory.afterLoad(value);
    }

    @Override
    public float afterLoad(float value) {
        return memory.afterLoad(value);
    }

    @Override
    public double afterLoad(double value) {
        return memory.afterLoad(value);
    }

    @Override
    public Object afterLoad(Object value) {
        return memory.afterLoad(value);
    }

    @Override
    public void putField(Object target, int value, int field, int loc) {
        memory.putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, long value, int field, int loc) {
        memory.putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, float value, int field, int loc) {
        memory.putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, double value, int field, int loc) {
        memory.putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, Object value, int field, int loc) {
        memory.putInstance(target, value, field, loc);
    }

    @Override
    public void putStatic(int value, int field, int loc) {
        memory.putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(long value, int field, int loc) {
        memory.putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(float value, int field, int loc) {
        memory.putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(double value, int field, int loc) {
        memory.putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(Object value, int field, int loc) {
        memory.putStaticField(value, field, loc);
    }

    @Override
    public void arrayStore(Object array, int index, int value, int loc) {
        memory.putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, long value, int loc) {
        memory.putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, float value, int loc) {
        memory.putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, double value, int loc) {
        memory.putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, Object value, int loc) {
        memory.putElement(array, index, value, loc);
    }

    @Override
    public void fence(int kind, int loc) {
        memory.fence(kind, loc);
    }

    // ------------------------------------------------------------------ accesses with a mode: ModedAccess

    @Override
    public Object modedAccess(Object receiver, Object[] arguments, String method, int loc) {
        return moded.access(receiver, arguments, method, loc);
    }

    @Override
    public Object rawMemory(Object unsafe, Object[] arguments, String method, int loc) {
        return moded.rawMemory(unsafe, arguments, method, loc);
    }

    @Override
    public void updaterCreated(Object updater, Class<?> owner, String field) {
        AccessTargets.updaterCreated(updater, owner, field);
    }

    @Override
    public void finalFieldsFrozen(int loc) {
        memory.finalFieldsFrozen(loc);
    }

    // ------------------------------------------------------------------ atomics: Atomics

    @Override
    public void beforeAtomic(Object atomic, int index, int op, int loc) {
        atomics.beforeAtomic(atomic, index, op, loc);
    }

    @Override
    public void afterAtomic() {
        atomics.afterAtomic();
    }

    @Override
    public int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc) {
        return atomics.atomicUpdate(atomic, index, function, returnNew, loc);
    }

    @Override
    public long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc) {
        return atomics.atomicUpdate(atomic, index, function, returnNew, loc);
    }

    @Override
    public Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        return atomics.atomicUpdate(atomic, index, function, returnNew, loc);
    }

    @Override
    public int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc) {
        return atomics.atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    @Override
    public long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc) {
        return atomics.atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    @Override
    public Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc) {
        return atomics.atomicAccumulate(atomic, index, x, function, returnNew, loc);
    }

    // ------------------------------------------------------------------ monitors, locks, park: Locks

    @Override
    public void monitorEnter(Object monitor, int loc) {
        locks.monitorEnter(monitor, loc);
    }

    @Override
    public void monitorExit(Object monitor, int loc) {
        locks.monitorExit(monitor, loc);
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        waits.objectWait(monitor, millis, nanos, timed, loc);
    }

    @Override
    public void objectNotify(Object monitor, boolean all, int loc) {
        waits.objectNotify(monitor, all, loc);
    }

    @Override
    public void lock(Object lockObject, boolean interruptibly, int loc) throws InterruptedException {
        locks.lock(lockObject, interruptibly, loc);
    }

    @Override
    public boolean tryLock(Object lockObject, int loc) {
        return locks.tryLock(lockObject, loc);
    }

    @Override
    public boolean tryLock(Object lockObject, long time, TimeUnit unit, int loc) throws InterruptedException {
        return locks.tryLock(lockObject, time, unit, loc);
    }

    @Override
    public void unlock(Object lockObject, int loc) {
        locks.unlock(lockObject, loc);
    }

    @Override
    public Object newCondition(Object lockObject, int loc) {
        return waits.newCondition(lockObject, loc);
    }

    @Override
    public Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        return locks.readWriteLockView(readWriteLock, write, loc);
    }

    @Override
    public boolean isLocked(Object lockObject, int loc) {
        return locks.isLocked(lockObject, loc);
    }

    @Override
    public boolean isHeldByCurrentThread(Object lockObject, int loc) {
        return locks.isHeldByCurrentThread(lockObject, loc);
    }

    @Override
    public int getHoldCount(Object lockObject, int loc) {
        return locks.getHoldCount(lockObject, loc);
    }

    @Override
    public void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        waits.await(condition, interruptibly, loc);
    }

    @Override
    public boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        return waits.await(condition, time, unit, loc);
    }

    @Override
    public long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return waits.awaitNanos(condition, nanos, loc);
    }

    @Override
    public boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        return waits.awaitUntil(condition, deadline, loc);
    }

    @Override
    public void signal(Object condition, boolean all, int loc) {
        waits.signal(condition, all, loc);
    }

    @Override
    public void park(Object blocker, boolean timed, int loc) {
        waits.park(blocker, timed, 0, loc);
    }

    @Override
    public void parkNanos(Object blocker, long nanos, int loc) {
        waits.park(blocker, true, nanos, loc);
    }

    @Override
    public void unpark(Thread thread, int loc) {
        waits.unpark(thread, loc);
    }

    // ------------------------------------------------------------------ threads: ThreadLifecycle

    @Override
    public Runnable wrapThreadBody(Runnable body) {
        return threads.wrapThreadBody(body);
    }

    @Override
    public boolean threadBodyEnter() {
        return threads.threadBodyEnter();
    }

    @Override
    public void threadBodyExit(boolean began, Throwable failure) {
        threads.threadBodyExit(began, failure);
    }

    @Override
    public void threadStart(Thread thread, int loc) {
        threads.threadStart(thread, loc);
    }

    @Override
    public void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        threads.threadJoin(thread, millis, nanos, timed, loc);
    }

    @Override
    public void threadSleep(long millis, int nanos, int loc) throws InterruptedException {
        threads.threadSleep(millis, nanos, loc);
    }

    @Override
    public void threadYield(int loc) {
        threads.threadYield(loc);
    }

    @Override
    public void threadInterrupt(Thread thread, int loc) {
        threads.threadInterrupt(thread, loc);
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int loc) {
        return threads.threadIsInterrupted(thread, loc);
    }

    @Override
    public boolean threadInterrupted(int loc) {
        return threads.threadInterrupted(loc);
    }

    @Override
    public boolean threadIsAlive(Thread thread, int loc) {
        return threads.threadIsAlive(thread, loc);
    }

    @Override
    public void exit(int status, int loc) {
        threads.exit(status, loc);
    }

    // ------------------------------------------------------------------ program inputs: Inputs, ThreadLifecycle

    @Override
    public long input(String name, long min, long max, char type, int loc) {
        return inputs.input(name, min, max, type, loc);
    }

    @Override
    public void assumptionFailed(int loc) {
        threads.assumptionFailed(loc);
    }

    @Override
    public void setDefaultUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler, int loc) {
        threads.uncaught().setDefaultHandler(handler, loc);
    }

    @Override
    public Object getDefaultUncaughtExceptionHandler(int loc) {
        return threads.uncaught().defaultHandler(loc);
    }

    @Override
    public void awaitingWork(boolean waiting) {
        threads.awaitingWork(waiting);
    }

    // ------------------------------------------------------------------ class initialisation: ClassInits

    @Override
    public void classInit(Class<?> type, int loc) {
        classInits.classInit(type, loc);
    }

    @Override
    public void classInitEnter(Class<?> type, int loc) {
        classInits.classInitEnter(type, loc);
    }

    @Override
    public void classInitExit(Class<?> type, boolean failed, int loc) {
        classInits.classInitExit(type, failed, loc);
    }

    @Override
    public void classInitFailed(Throwable failure) {
        classInits.classInitFailed(failure);
    }

    // ------------------------------------------------------------------ identity, time, random: Determinism

    @Override
    public void allocated(Object object, int loc) {
        determinism.allocated(object, loc);
        jdkObjects.allocated(object);
    }

    @Override
    public int identityHashCode(Object object) {
        return determinism.identityHashCode(object);
    }

    @Override
    public int objectHashCode(Object object) {
        return determinism.objectHashCode(object);
    }

    @Override
    public long currentTimeMillis() {
        return determinism.currentTimeMillis();
    }

    @Override
    public long nanoTime() {
        return determinism.nanoTime();
    }

    @Override
    public double mathRandom() {
        return determinism.mathRandom();
    }

    @Override
    public long randomSeed() {
        return determinism.randomSeed();
    }

    // ------------------------------------------------------------------ loop headers: Loops

    @Override
    public int loopEnter(int loc, int kind, int enclosing) {
        return loops.loopEnter(loc, kind, enclosing);
    }

    @Override
    public void loopBack(int loc, int kind, int token) {
        loops.loopBack(loc, kind, token);
    }

    @Override
    public void loopLocal(long value) {
        loops.loopLocal(value);
    }

    @Override
    public void loopLocal(Object value) {
        loops.loopLocal(value);
    }

    // ------------------------------------------------------------------ calls on JDK objects: JdkObjects

    @Override
    public Object jdkCall(Object receiver, Object first, Object second, Object[] rest, int site) {
        return jdkObjects.call(receiver, first, second, rest, site);
    }

    @Override
    public boolean describes(Object ticket) {
        return jdkObjects.describes(ticket);
    }

    @Override
    public void jdkArguments(Object ticket, Object[] arguments) {
        jdkObjects.arguments(ticket, arguments);
    }

    @Override
    public void jdkReturned(Object ticket, Object result, int site) {
        jdkObjects.returned(ticket, result, site);
    }

    @Override
    public void jdkThrew(Object ticket, Throwable failure) {
        jdkObjects.threw(ticket, failure);
    }

    @Override
    public void published(Object value) {
        jdkObjects.published(value);
    }

    // ------------------------------------------------------------------ unsupported calls: Scheduler

    @Override
    public void unsupported(String api, int loc) {
        core.unsupported(api, loc);
    }

    @Override
    public void modelBoundReached(String what) {
        core.enter();
        try {
            core.recording.incomplete(IncompleteReason.of("model-bound", what));
        } finally {
            core.unlock();
        }
    }

    @Override
    public void unseenJdkArrays(int loc) {
        jdkObjects.unseenArrays(loc);
    }
}
