package dev.weft.instrument;

import dev.weft.runtime.hooks.HookHandler;
import dev.weft.trace.FenceKind;
import dev.weft.trace.Symbols;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * A hook handler that performs what each replaced JDK call would have done, with no scheduling, and
 * records every hook call as a short line ("write Fields.i = 5", "lock ReentrantLock") with its location id.
 * Lines from threads other than the one that made the handler start with {@link #CHILD}.
 */
final class RecordingHandler implements HookHandler {
    /** What {@link #exit} throws so that the program stops without ending the test JVM. */
    static final class ExitCalled extends Error {
        final int status;

        ExitCalled(int status) {
            super("exit " + status);
            this.status = status;
        }
    }

    /** What {@link #unsupported} throws. */
    static final class UnsupportedCalled extends Error {
        UnsupportedCalled(String api) {
            super(api);
        }
    }

    static final String CHILD = "  ";

    private final Symbols symbols;
    private final Thread mainThread = Thread.currentThread();
    private final List<String> events = new ArrayList<>();
    private final List<Integer> locations = new ArrayList<>();
    /** Interrupt flags, modelled as a runtime must: Thread.interrupt itself could re-enter a program override. */
    private final Set<Thread> interrupted = ConcurrentHashMap.newKeySet();
    /** Arrivals at loop headers reported. */
    final AtomicInteger loopReports = new AtomicInteger();
    /** When set, every monitorExit throws, as a runtime that is ending the run might. */
    volatile boolean failMonitorExits;
    private volatile Thread.UncaughtExceptionHandler defaultHandler;

    RecordingHandler(Symbols symbols) {
        this.symbols = symbols;
    }

    /** The events, class initialisation's left out (every class has an initialiser that reports itself). */
    synchronized List<String> events() {
        return events.stream().filter(e -> !isInitialisation(e)).collect(java.util.stream.Collectors.toList());
    }

    /** Every event, class initialisation's included. */
    synchronized List<String> allEvents() {
        return new ArrayList<>(events);
    }

    private static boolean isInitialisation(String event) {
        String e = event.startsWith(CHILD) ? event.substring(CHILD.length()) : event;
        return e.startsWith("init ") || e.startsWith("clinit ");
    }

    /** The location id recorded with the first event equal to {@code event}. */
    synchronized int locationOf(String event) {
        return locations.get(events.indexOf(event));
    }

    private synchronized void record(String event, int loc) {
        events.add(Thread.currentThread() == mainThread ? event : CHILD + event);
        locations.add(loc);
    }

    private void record(String event) {
        record(event, -1);
    }

    private String field(int id) {
        var info = symbols.fields().get(id);
        return info.displayName() + (info.isVolatile() ? " volatile" : "");
    }

    private static String type(Object object) {
        return object == null ? "null" : object.getClass().getSimpleName();
    }

    @Override
    public void beforeGetField(Object target, int field, int loc) {
        record("read " + field(field), loc);
    }

    @Override
    public void beforeGetStatic(int field, int loc) {
        record("read " + field(field), loc);
    }

    @Override
    public void beforeArrayLoad(Object array, int index, int loc) {
        record("read " + type(array) + "[" + index + "]", loc);
    }

    @Override
    public int afterLoad(int value) {
        record("-> " + value);
        return value;
    }

    @Override
    public long afterLoad(long value) {
        record("-> " + value + "L");
        return value;
    }

    @Override
    public float afterLoad(float value) {
        record("-> " + value + "f");
        return value;
    }

    @Override
    public double afterLoad(double value) {
        record("-> " + value + "d");
        return value;
    }

    @Override
    public Object afterLoad(Object value) {
        record("-> " + (value instanceof String ? value : type(value)));
        return value;
    }

    private void write(String target, Object value, int loc) {
        record("write " + target + " = " + value, loc);
    }

    @Override
    public void putField(Object target, int value, int field, int loc) {
        write(field(field), value, loc);
    }

    @Override
    public void putField(Object target, long value, int field, int loc) {
        write(field(field), value + "L", loc);
    }

    @Override
    public void putField(Object target, float value, int field, int loc) {
        write(field(field), value + "f", loc);
    }

    @Override
    public void putField(Object target, double value, int field, int loc) {
        write(field(field), value + "d", loc);
    }

    @Override
    public void putField(Object target, Object value, int field, int loc) {
        write(field(field), value instanceof String ? value : type(value), loc);
    }

    @Override
    public void putStatic(int value, int field, int loc) {
        write(field(field), value, loc);
    }

    @Override
    public void putStatic(long value, int field, int loc) {
        write(field(field), value + "L", loc);
    }

    @Override
    public void putStatic(float value, int field, int loc) {
        write(field(field), value + "f", loc);
    }

    @Override
    public void putStatic(double value, int field, int loc) {
        write(field(field), value + "d", loc);
    }

    @Override
    public void putStatic(Object value, int field, int loc) {
        write(field(field), value instanceof String ? value : type(value), loc);
    }

    @Override
    public void arrayStore(Object array, int index, int value, int loc) {
        write(type(array) + "[" + index + "]", value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, long value, int loc) {
        write(type(array) + "[" + index + "]", value + "L", loc);
    }

    @Override
    public void arrayStore(Object array, int index, float value, int loc) {
        write(type(array) + "[" + index + "]", value + "f", loc);
    }

    @Override
    public void arrayStore(Object array, int index, double value, int loc) {
        write(type(array) + "[" + index + "]", value + "d", loc);
    }

    @Override
    public void arrayStore(Object array, int index, Object value, int loc) {
        write(type(array) + "[" + index + "]", value instanceof String ? value : type(value), loc);
    }

    @Override
    public void allocated(Object object, int loc) {
        record("new " + type(object));
    }

    @Override
    public void classInit(Class<?> type, int loc) {
        record("init " + type.getSimpleName(), loc);
    }

    @Override
    public void classInitEnter(Class<?> type, int loc) {
        record("clinit enter " + type.getSimpleName());
    }

    @Override
    public void classInitExit(Class<?> type, boolean failed, int loc) {
        record("clinit exit " + type.getSimpleName() + (failed ? " failed" : ""));
    }

    @Override
    public void classInitFailed(Throwable failure) {
        record("clinit failed " + failure.getClass().getSimpleName());
    }

    @Override
    public int identityHashCode(Object object) {
        record("identityHashCode " + type(object));
        return 42;
    }

    @Override
    public int objectHashCode(Object object) {
        record("objectHashCode " + type(object));
        return 7;
    }

    @Override
    public long currentTimeMillis() {
        record("currentTimeMillis");
        return 1000;
    }

    @Override
    public long nanoTime() {
        record("nanoTime");
        return 2000;
    }

    @Override
    public double mathRandom() {
        record("mathRandom");
        return 0.5;
    }

    @Override
    public long randomSeed() {
        record("randomSeed");
        return 99;
    }

    @Override
    public void monitorEnter(Object monitor, int loc) {
        record("monitorEnter " + monitorName(monitor), loc);
    }

    @Override
    public void monitorExit(Object monitor, int loc) {
        record("monitorExit " + monitorName(monitor), loc);
        if (failMonitorExits) {
            throw new IllegalStateException("run ended");
        }
    }

    private static String monitorName(Object monitor) {
        return monitor instanceof Class<?> type ? type.getSimpleName() + ".class" : type(monitor);
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        record("wait " + type(monitor) + (timed ? " " + millis + "ms " + nanos + "ns" : ""), loc);
        if (timed) {
            monitor.wait(millis, nanos);
        } else {
            monitor.wait();
        }
    }

    @Override
    public void objectNotify(Object monitor, boolean all, int loc) {
        record((all ? "notifyAll " : "notify ") + type(monitor), loc);
        if (all) {
            monitor.notifyAll();
        } else {
            monitor.notify();
        }
    }

    @Override
    public Runnable wrapThreadBody(Runnable body) {
        record("wrap " + (body == null ? "null" : "body"));
        return () -> {
            record("begin");
            if (body != null) {
                body.run();
            }
            record("end");
        };
    }

    @Override
    public boolean threadBodyEnter() {
        record("body enter");
        return true;
    }

    @Override
    public void threadBodyExit(boolean began, Throwable failure) {
        record("body exit " + began + " " + type(failure));
    }

    @Override
    public void threadStart(Thread thread, int loc) {
        record("start " + type(thread), loc);
    }

    @Override
    public void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        record("join" + (timed ? " " + millis + "ms" : ""), loc);
        thread.join(millis, nanos);
    }

    @Override
    public void threadSleep(long millis, int nanos, int loc) throws InterruptedException {
        record("sleep " + millis + "ms " + nanos + "ns", loc);
    }

    @Override
    public void threadYield(int loc) {
        record("yield", loc);
    }

    @Override
    public void threadInterrupt(Thread thread, int loc) {
        record("interrupt", loc);
        interrupted.add(thread);
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int loc) {
        record("isInterrupted", loc);
        return interrupted.contains(thread);
    }

    @Override
    public boolean threadInterrupted(int loc) {
        record("interrupted", loc);
        return interrupted.remove(Thread.currentThread());
    }

    @Override
    public boolean threadIsAlive(Thread thread, int loc) {
        record("isAlive", loc);
        return thread.isAlive();
    }

    @Override
    public void exit(int status, int loc) {
        record("exit " + status, loc);
        throw new ExitCalled(status);
    }

    @Override
    public long input(String name, long min, long max, char type, int loc) {
        record("input " + name + " " + min + ".." + max + " " + type, loc);
        return min;
    }

    @Override
    public void assumptionFailed(int loc) {
        record("assume false", loc);
        throw new ExitCalled(0);
    }

    @Override
    public void setDefaultUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler, int loc) {
        record("set default handler", loc);
        defaultHandler = handler;
    }

    @Override
    public Object getDefaultUncaughtExceptionHandler(int loc) {
        record("get default handler", loc);
        return defaultHandler;
    }

    @Override
    public void lock(Object lock, boolean interruptibly, int loc) throws InterruptedException {
        record((interruptibly ? "lockInterruptibly " : "lock ") + type(lock), loc);
        if (interruptibly) {
            ((Lock) lock).lockInterruptibly();
        } else {
            ((Lock) lock).lock();
        }
    }

    @Override
    public boolean tryLock(Object lock, int loc) {
        record("tryLock " + type(lock), loc);
        return ((Lock) lock).tryLock();
    }

    @Override
    public boolean tryLock(Object lock, long time, TimeUnit unit, int loc) throws InterruptedException {
        record("tryLock " + type(lock) + " " + time + " " + unit, loc);
        return ((Lock) lock).tryLock(time, unit);
    }

    @Override
    public void unlock(Object lock, int loc) {
        record("unlock " + type(lock), loc);
        ((Lock) lock).unlock();
    }

    @Override
    public Object newCondition(Object lock, int loc) {
        record("newCondition " + type(lock), loc);
        return ((Lock) lock).newCondition();
    }

    @Override
    public Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        record((write ? "writeLock " : "readLock ") + type(readWriteLock), loc);
        ReentrantReadWriteLock rw = (ReentrantReadWriteLock) readWriteLock;
        return write ? rw.writeLock() : rw.readLock();
    }

    @Override
    public boolean isLocked(Object lock, int loc) {
        record("isLocked", loc);
        return ((ReentrantLock) lock).isLocked();
    }

    @Override
    public boolean isHeldByCurrentThread(Object lock, int loc) {
        record("isHeldByCurrentThread", loc);
        return ((ReentrantLock) lock).isHeldByCurrentThread();
    }

    @Override
    public int getHoldCount(Object lock, int loc) {
        record("getHoldCount", loc);
        return ((ReentrantLock) lock).getHoldCount();
    }

    @Override
    public void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        record("await " + interruptibly, loc);
        if (interruptibly) {
            ((Condition) condition).await();
        } else {
            ((Condition) condition).awaitUninterruptibly();
        }
    }

    @Override
    public boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        record("await " + time + " " + unit, loc);
        return ((Condition) condition).await(time, unit);
    }

    @Override
    public long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        record("awaitNanos " + nanos, loc);
        return ((Condition) condition).awaitNanos(nanos);
    }

    @Override
    public boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        record("awaitUntil", loc);
        return ((Condition) condition).awaitUntil(deadline);
    }

    @Override
    public void signal(Object condition, boolean all, int loc) {
        record(all ? "signalAll" : "signal", loc);
        if (all) {
            ((Condition) condition).signalAll();
        } else {
            ((Condition) condition).signal();
        }
    }

    @Override
    public void park(Object blocker, boolean timed, int loc) {
        record("park " + type(blocker) + " " + timed, loc);
        LockSupport.parkNanos(blocker, 1_000_000);
    }

    @Override
    public void unpark(Thread thread, int loc) {
        record("unpark", loc);
        LockSupport.unpark(thread);
    }

    @Override
    public void beforeAtomic(Object atomic, int index, int op, int loc) {
        record("atomic " + op + " " + type(atomic) + "[" + index + "]", loc);
    }

    @Override
    public void afterAtomic() {
        record("after atomic");
    }

    @Override
    public int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc) {
        record("update " + type(atomic) + "[" + index + "] " + returnNew, loc);
        if (index < 0) {
            AtomicInteger a = (AtomicInteger) atomic;
            return returnNew ? a.updateAndGet(function) : a.getAndUpdate(function);
        }
        AtomicIntegerArray a = (AtomicIntegerArray) atomic;
        return returnNew ? a.updateAndGet(index, function) : a.getAndUpdate(index, function);
    }

    @Override
    public long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc) {
        record("update " + type(atomic) + "[" + index + "] " + returnNew, loc);
        AtomicLong a = (AtomicLong) atomic;
        return returnNew ? a.updateAndGet(function) : a.getAndUpdate(function);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        record("update " + type(atomic) + "[" + index + "] " + returnNew, loc);
        AtomicReference<Object> a = (AtomicReference<Object>) atomic;
        return returnNew ? a.updateAndGet(function) : a.getAndUpdate(function);
    }

    @Override
    public int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc) {
        record("accumulate " + type(atomic) + "[" + index + "] " + x + " " + returnNew, loc);
        AtomicInteger a = (AtomicInteger) atomic;
        return returnNew ? a.accumulateAndGet(x, function) : a.getAndAccumulate(x, function);
    }

    @Override
    public long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc) {
        record("accumulate " + type(atomic) + "[" + index + "] " + x + " " + returnNew, loc);
        AtomicLong a = (AtomicLong) atomic;
        return returnNew ? a.accumulateAndGet(x, function) : a.getAndAccumulate(x, function);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc) {
        record("accumulate " + type(atomic) + "[" + index + "] " + returnNew, loc);
        AtomicReference<Object> a = (AtomicReference<Object>) atomic;
        return returnNew ? a.accumulateAndGet(x, function) : a.getAndAccumulate(x, function);
    }

    @Override
    public void fence(int kind, int loc) {
        record("fence " + FenceKind.values()[kind], loc);
    }

    @Override
    public Object modedAccess(Object receiver, Object[] arguments, String method, int loc) {
        record("moded " + method.substring(method.indexOf('.') + 1, method.indexOf('(')), loc);
        if (receiver instanceof AtomicInteger a && method.endsWith(".lazySet(I)V")) {
            a.lazySet((Integer) arguments[0]);
            return null;
        }
        throw new UnsupportedOperationException("the recording handler performs only the accesses its subjects make");
    }

    @Override
    public Object rawMemory(Object unsafe, Object[] arguments, String method, int loc) {
        record("raw " + method.substring(method.indexOf('.') + 1, method.indexOf('(')), loc);
        return method.endsWith(")J") ? Long.valueOf(0) : null; // an allocation's address: none, which freeMemory ignores
    }

    @Override
    public void updaterCreated(Object updater, Class<?> owner, String field) {
        record("updater " + field, -1);
    }

    @Override
    public Object jdkCall(Object receiver, Object first, Object second, Object[] rest, int site) {
        record("jdk call " + symbols.calls().get(site).api(), symbols.calls().get(site).location());
        return null;
    }

    @Override
    public boolean describes(Object ticket) {
        return false;
    }

    @Override
    public void jdkArguments(Object ticket, Object[] arguments) {
        throw new AssertionError("no call is described");
    }

    @Override
    public void jdkReturned(Object ticket, Object result, int site) {
        record("jdk returned " + symbols.calls().get(site).api());
    }

    @Override
    public void jdkThrew(Object ticket, Throwable failure) {
        record("jdk threw " + failure.getClass().getSimpleName());
    }

    @Override
    public void published(Object value) {
        record("published " + type(value));
    }

    @Override
    public void finalFieldsFrozen(int loc) {
        record("final fields frozen", loc);
    }

    @Override
    public void awaitingWork(boolean waiting) {
        record("awaiting work " + waiting, -1);
    }

    /** Loop reports are left out of the lines: most programs' lines would be drowned in them ({@code loops} counts them). */
    @Override
    public int loopEnter(int loc, int kind, int enclosing) {
        loopReports.incrementAndGet();
        return 0;
    }

    @Override
    public void loopBack(int loc, int kind, int token) {
        loopReports.incrementAndGet();
    }

    @Override
    public void loopLocal(long value) {
        // only the runtime compares them
    }

    @Override
    public void loopLocal(Object value) {
        // only the runtime compares them
    }

    @Override
    public void unsupported(String api, int loc) {
        record("unsupported " + api, loc);
        throw new UnsupportedCalled(api);
    }
}
