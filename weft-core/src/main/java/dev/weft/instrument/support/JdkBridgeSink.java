package dev.weft.instrument.support;

import dev.weft.boot.JdkBridge;
import dev.weft.runtime.hooks.Hooks;

/** Where {@link JdkBridge} sends the hooks of instrumented JDK code: to the calling thread's run, as program code's go. */
public final class JdkBridgeSink implements JdkBridge.Sink {
    private JdkBridgeSink() {
    }

    /** Connects the bridge to the runtime; called once the bridge is on the bootstrap class path (see {@code JdkInstrumentation}). */
    public static void install() {
        JdkBridge.install(new JdkBridgeSink());
    }

    @Override
    public void beforeGetField(Object target, int field, int loc) {
        Hooks.beforeGetField(target, field, loc);
    }

    @Override
    public void beforeGetStatic(int field, int loc) {
        Hooks.beforeGetStatic(field, loc);
    }

    @Override
    public void beforeArrayLoad(Object array, int index, int loc) {
        Hooks.beforeArrayLoad(array, index, loc);
    }

    @Override
    public int afterLoad(int value) {
        return Hooks.afterLoad(value);
    }

    @Override
    public long afterLoad(long value) {
        return Hooks.afterLoad(value);
    }

    @Override
    public float afterLoad(float value) {
        return Hooks.afterLoad(value);
    }

    @Override
    public double afterLoad(double value) {
        return Hooks.afterLoad(value);
    }

    @Override
    public Object afterLoad(Object value) {
        return Hooks.afterLoad(value);
    }

    @Override
    public void putField(Object target, int value, int field, int loc) {
        Hooks.putField(target, value, field, loc);
    }

    @Override
    public void putField(Object target, long value, int field, int loc) {
        Hooks.putField(target, value, field, loc);
    }

    @Override
    public void putField(Object target, float value, int field, int loc) {
        Hooks.putField(target, value, field, loc);
    }

    @Override
    public void putField(Object target, double value, int field, int loc) {
        Hooks.putField(target, value, field, loc);
    }

    @Override
    public void putField(Object target, Object value, int field, int loc) {
        Hooks.putField(target, value, field, loc);
    }

    @Override
    public void putStatic(int value, int field, int loc) {
        Hooks.putStatic(value, field, loc);
    }

    @Override
    public void putStatic(long value, int field, int loc) {
        Hooks.putStatic(value, field, loc);
    }

    @Override
    public void putStatic(float value, int field, int loc) {
        Hooks.putStatic(value, field, loc);
    }

    @Override
    public void putStatic(double value, int field, int loc) {
        Hooks.putStatic(value, field, loc);
    }

    @Override
    public void putStatic(Object value, int field, int loc) {
        Hooks.putStatic(value, field, loc);
    }

    @Override
    public void arrayStore(Object array, int index, int value, int loc) {
        Hooks.arrayStore(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, long value, int loc) {
        Hooks.arrayStore(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, float value, int loc) {
        Hooks.arrayStore(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, double value, int loc) {
        Hooks.arrayStore(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, Object value, int loc) {
        Hooks.arrayStore(array, index, value, loc);
    }

    @Override
    public void allocated(Object object, int loc) {
        Hooks.allocated(object, loc);
    }

    @Override
    public int hashCode(Object object) {
        return RunSupport.hashCode(object);
    }

    @Override
    public int identityHashCode(Object object) {
        return RunSupport.identityHashCode(object);
    }

    @Override
    public void unseenArrays(int loc) {
        Hooks.unseenJdkArrays(loc);
    }

    @Override
    public Object modedAccess(Object receiver, Object[] arguments, String method, int loc) {
        return Hooks.modedAccess(receiver, arguments, method, loc);
    }

    @Override
    public void fence(int kind, int loc) {
        Hooks.fence(kind, loc);
    }

    @Override
    public void park(Object blocker, boolean timed, int loc) {
        Hooks.park(blocker, timed, loc);
    }

    @Override
    public void parkNanos(Object blocker, long nanos, int loc) {
        Hooks.parkNanos(blocker, nanos, loc);
    }

    @Override
    public void unpark(Thread thread, int loc) {
        Hooks.unpark(thread, loc);
    }

    @Override
    public boolean threadInterrupted(int loc) {
        return Hooks.threadInterrupted(loc);
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int loc) {
        return Hooks.threadIsInterrupted(thread, loc);
    }

    @Override
    public void threadInterrupt(Thread thread, int loc) {
        Hooks.threadInterrupt(thread, loc);
    }

    @Override
    public void threadYield(int loc) {
        Hooks.threadYield(loc);
    }

    @Override
    public void monitorEnter(Object monitor, int loc) {
        Hooks.monitorEnter(monitor, loc);
    }

    @Override
    public void monitorExit(Object monitor, int loc) {
        RunSupport.monitorExit(monitor, loc);
    }

    @Override
    public long randomSeed() {
        return Hooks.randomSeed();
    }

    @Override
    public void beforeAtomic(Object atomic, int index, int op, int loc) {
        Hooks.beforeAtomic(atomic, index, op, loc);
    }

    @Override
    public void afterAtomic() {
        Hooks.afterAtomic();
    }

    @Override
    public long nanoTime() {
        return Hooks.nanoTime();
    }

    @Override
    public long currentTimeMillis() {
        return Hooks.currentTimeMillis();
    }

    @Override
    public int loopEnter(int loc, int kind, int enclosing) {
        return Hooks.loopEnter(loc, kind, enclosing);
    }

    @Override
    public void loopBack(int loc, int kind, int token) {
        Hooks.loopBack(loc, kind, token);
    }

    @Override
    public void loopLocal(long value) {
        Hooks.loopLocal(value);
    }

    @Override
    public void loopLocal(Object value) {
        Hooks.loopLocal(value);
    }

    @Override
    public void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException {
        Hooks.lock(lock, interruptibly, loc);
    }

    @Override
    public boolean tryLock(Object lock, int loc) {
        return Hooks.tryLock(lock, loc);
    }

    @Override
    public boolean tryLock(Object lock, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException {
        return Hooks.tryLock(lock, time, unit, loc);
    }

    @Override
    public void unlock(Object lock, int loc) {
        Hooks.unlock(lock, loc);
    }

    @Override
    public Object newCondition(Object lock, int loc) {
        return Hooks.newCondition(lock, loc);
    }

    @Override
    public boolean isLocked(Object lock, int loc) {
        return Hooks.isLocked(lock, loc);
    }

    @Override
    public boolean isHeldByCurrentThread(Object lock, int loc) {
        return Hooks.isHeldByCurrentThread(lock, loc);
    }

    @Override
    public int getHoldCount(Object lock, int loc) {
        return Hooks.getHoldCount(lock, loc);
    }

    @Override
    public Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        return Hooks.readWriteLockView(readWriteLock, write, loc);
    }

    @Override
    public void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        Hooks.await(condition, interruptibly, loc);
    }

    @Override
    public boolean await(Object condition, long time, java.util.concurrent.TimeUnit unit, int loc) throws InterruptedException {
        return Hooks.await(condition, time, unit, loc);
    }

    @Override
    public long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return Hooks.awaitNanos(condition, nanos, loc);
    }

    @Override
    public boolean awaitUntil(Object condition, java.util.Date deadline, int loc) throws InterruptedException {
        return Hooks.awaitUntil(condition, deadline, loc);
    }

    @Override
    public void signal(Object condition, boolean all, int loc) {
        Hooks.signal(condition, all, loc);
    }
}
