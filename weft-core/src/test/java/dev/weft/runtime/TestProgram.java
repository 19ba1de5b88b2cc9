package dev.weft.runtime;

import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.Location;
import dev.weft.trace.Symbols;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * A hand-written program under test: its code calls {@link Hooks} exactly where instrumented code
 * would, through the small DSL below. Registers ({@link #record}) are thread-local results that
 * become the run's final state.
 */
final class TestProgram implements ProgramUnderTest {

    /** A program body; may throw anything, as a main method may. */
    interface Body {
        void run(TestProgram p) throws Throwable;
    }

    private final Symbols symbols = new Symbols();
    private final Body main;
    private final Supplier<Map<String, String>> finalMemory;
    private final Map<String, String> registers = new TreeMap<>();

    TestProgram(Body main) {
        this(main, Map::of);
    }

    /** {@code finalMemory} adds to the final state what memory holds once every thread has stopped. */
    TestProgram(Body main, Supplier<Map<String, String>> finalMemory) {
        this.main = main;
        this.finalMemory = finalMemory;
    }

    @Override
    public Symbols symbols() {
        return symbols;
    }

    @Override
    public Copy freshCopy(HookHandler handler) {
        Hooks.install(handler);
        Vars.reset();
        registers.clear();
        return new Copy() {
            @Override
            public void runMain() throws Throwable {
                main.run(TestProgram.this);
            }

            @Override
            public Map<String, String> staticState() {
                Map<String, String> state = new TreeMap<>(registers);
                state.putAll(finalMemory.get());
                return state;
            }
        };
    }

    // ---- names

    int loc(int line) {
        return symbols.locations().add(new Location("dev.weft.runtime.TestProgram", "body", "TestProgram.java", line, line));
    }

    FieldInfo field(String name) {
        try {
            Field f = Vars.class.getDeclaredField(name);
            String descriptor = java.lang.invoke.MethodType.methodType(f.getType()).toMethodDescriptorString().substring(2);
            return symbols.fields().intern("dev/weft/runtime/Vars", name, descriptor, true,
                    java.lang.reflect.Modifier.isVolatile(f.getModifiers()));
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(name, e);
        }
    }

    FieldInfo boxField(String name) {
        return symbols.fields().intern("dev/weft/runtime/Box", name, name.equals("value") ? "I" : "Ljava/lang/Object;", false, false);
    }

    void record(String register, Object value) {
        registers.put(register, String.valueOf(value));
    }

    // ---- loops, as the instrumenter reports the edges into a loop's header (LoopVisitor)

    /** The entry into the pure loop whose header is at {@code loc}, its changing locals given as they are there; returns the stay's token. */
    int enterLoop(int loc, long... locals) {
        for (long local : locals) {
            Hooks.loopLocal(local);
        }
        return Hooks.loopEnter(loc, Hooks.LOOP_PURE, 0);
    }

    /** A back edge of the stay {@code token} in the pure loop at {@code loc}. */
    void loopBack(int loc, int token, long... locals) {
        for (long local : locals) {
            Hooks.loopLocal(local);
        }
        Hooks.loopBack(loc, Hooks.LOOP_PURE, token);
    }

    // ---- memory (each as the instrumenter rewrites getstatic/putstatic/getfield/putfield/xaload/xastore)

    int read(String var) {
        return read(var, -1);
    }

    /** A read at program location {@code location}. */
    int read(String var, int location) {
        FieldInfo f = field(var);
        Hooks.beforeGetStatic(f.id(), location);
        return Hooks.afterLoad(staticInt(var));
    }

    void write(String var, int value) {
        FieldInfo f = field(var);
        Hooks.putStatic(value, f.id(), -1);
        setStaticInt(var, value);
    }

    Object readRef() {
        FieldInfo f = field("ref");
        Hooks.beforeGetStatic(f.id(), -1);
        return Hooks.afterLoad(Vars.ref);
    }

    void writeRef(Object value) {
        FieldInfo f = field("ref");
        Hooks.putStatic(value, f.id(), -1);
        Vars.ref = value;
    }

    long readWide() {
        FieldInfo f = field("wide");
        Hooks.beforeGetStatic(f.id(), -1);
        return Hooks.afterLoad(Vars.wide);
    }

    void writeWide(long value) {
        Hooks.putStatic(value, field("wide").id(), -1);
        Vars.wide = value;
    }

    Box newBox() {
        Box b = new Box();
        Hooks.allocated(b, -1);
        return b;
    }

    int readBox(Box b) {
        Hooks.beforeGetField(b, boxField("value").id(), -1);
        return Hooks.afterLoad(b.value);
    }

    void writeBox(Box b, int value) {
        Hooks.putField(b, value, boxField("value").id(), -1);
        b.value = value;
    }

    int[] newArray(int length) {
        int[] a = new int[length];
        Hooks.allocated(a, -1);
        return a;
    }

    int readElement(int[] a, int i) {
        Hooks.beforeArrayLoad(a, i, -1);
        return Hooks.afterLoad(a[i]);
    }

    void writeElement(int[] a, int i, int value) {
        Hooks.arrayStore(a, i, value, -1);
        a[i] = value;
    }

    // ---- threads

    Thread fork(Runnable body) {
        Thread t = new Thread(Hooks.wrapThreadBody(body));
        Hooks.threadStart(t, -1);
        t.start();
        return t;
    }

    void join(Thread t) throws InterruptedException {
        Hooks.threadJoin(t, 0, 0, false, -1);
    }

    // ---- monitors and locks

    /** As instrumented code does it: the monitor hooks, and the JVM's own monitor right after them. */
    void sync(Object monitor, Runnable body) {
        Hooks.monitorEnter(monitor, -1);
        synchronized (monitor) {
            try {
                body.run();
            } finally {
                Hooks.monitorExit(monitor, -1);
            }
        }
    }

    void waitOn(Object monitor) throws InterruptedException {
        Hooks.objectWait(monitor, 0, 0, false, -1);
    }

    void notifyOn(Object monitor, boolean all) {
        Hooks.objectNotify(monitor, all, -1);
    }

    ReentrantLock newLock() {
        ReentrantLock l = new ReentrantLock();
        Hooks.allocated(l, -1);
        return l;
    }

    void lock(Lock l) {
        try {
            Hooks.lock(l, false, -1);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    void unlock(Lock l) {
        Hooks.unlock(l, -1);
    }

    Lock view(ReentrantReadWriteLock rw, boolean write) {
        return (Lock) Hooks.readWriteLockView(rw, write, -1);
    }

    Condition newCondition(Lock l) {
        return (Condition) Hooks.newCondition(l, -1);
    }

    void await(Condition c) throws InterruptedException {
        Hooks.await(c, true, -1);
    }

    boolean await(Condition c, long millis) throws InterruptedException {
        return Hooks.await(c, millis, TimeUnit.MILLISECONDS, -1);
    }

    void signal(Condition c, boolean all) {
        Hooks.signal(c, all, -1);
    }

    static int staticInt(String var) {
        try {
            Field f = Vars.class.getDeclaredField(var);
            return f.getType() == boolean.class ? (f.getBoolean(null) ? 1 : 0) : f.getInt(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(var, e);
        }
    }

    private static void setStaticInt(String var, int value) {
        try {
            Field f = Vars.class.getDeclaredField(var);
            if (f.getType() == boolean.class) {
                f.setBoolean(null, value != 0);
            } else {
                f.setInt(null, value);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(var, e);
        }
    }
}
