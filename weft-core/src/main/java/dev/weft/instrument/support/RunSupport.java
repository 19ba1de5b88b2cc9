package dev.weft.instrument.support;

import dev.weft.jdk.JdkApi;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.runtime.hooks.RunLoader;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Helpers the instrumented code calls next to {@link Hooks}, for what is easier written in Java
 * than emitted as bytecode. Like {@code Hooks}, one copy serves every run: what belongs to one run
 * is kept by that run's {@link RunLoader}. The program sees this class, so it uses only the JDK and
 * the hooks package.
 */
public final class RunSupport {
    /** Per class: method name + descriptor to "the implementation it dispatches to is not program code". */
    private static final ClassValue<Map<String, Boolean>> JDK_IMPLEMENTED = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };
    /** The class loaders of program code: those that defined a class whose (instrumented) static initialiser began. */
    private static final Map<ClassLoader, Boolean> PROGRAM_LOADERS = Collections.synchronizedMap(new WeakHashMap<>());
    /** An exception a monitor-exit hook threw that the enclosing handler is about to run into again. */
    private static final ThreadLocal<Throwable> FAILED_MONITOR_EXIT = new ThreadLocal<>();
    /** Names of unnamed threads made by code no run's loader defined (a program run by Weft's agent). */
    private static final AtomicInteger UNNAMED_THREADS = new AtomicInteger();

    private RunSupport() {
    }

    /** The run's logical clock in the default time zone: what {@code Clock.systemDefaultZone()} and the {@code now()}s read. */
    public static java.time.Clock clock() {
        return new LogicalClock(java.time.ZoneId.systemDefault());
    }

    /** The run's logical clock in UTC ({@code Clock.systemUTC()}). */
    public static java.time.Clock clockUtc() {
        return new LogicalClock(java.time.ZoneOffset.UTC);
    }

    /** The run's logical clock in {@code zone} (a {@code now(ZoneId)}). */
    public static java.time.Clock clock(java.time.ZoneId zone) {
        return new LogicalClock(zone);
    }

    /**
     * The hook in front of {@code monitorexit}. javac's handler for a synchronized block covers its own
     * {@code monitorexit}, so a hook that throws there (the runtime ending the run) would be re-entered
     * forever; the retry that follows a throw skips the hook and lets the monitor go.
     */
    public static void monitorExit(Object monitor, int loc) {
        if (FAILED_MONITOR_EXIT.get() != null) {
            FAILED_MONITOR_EXIT.remove();
            return;
        }
        try {
            Hooks.monitorExit(monitor, loc);
        } catch (RuntimeException | Error e) {
            FAILED_MONITOR_EXIT.set(e);
            throw e;
        }
    }

    /** {@code thread.start()}: an override in program code runs as is (its {@code super.start()} is instrumented); null throws as usual. */
    public static void startThread(Thread thread, int loc) {
        if (!runsJdkCode(thread, "start()V")) {
            thread.start();
            return;
        }
        Hooks.threadStart(thread, loc);
        thread.start();
    }

    public static void objectWait(Object monitor, int loc) throws InterruptedException {
        Hooks.objectWait(monitor, 0, 0, false, loc);
    }

    public static void objectWait(Object monitor, long millis, int loc) throws InterruptedException {
        Hooks.objectWait(monitor, millis, 0, millis != 0, loc);
    }

    /** As {@code Object.wait(millis, nanos)}, where (0, 0) means forever. */
    public static void objectWait(Object monitor, long millis, int nanos, int loc) throws InterruptedException {
        Hooks.objectWait(monitor, millis, nanos, millis != 0 || nanos != 0, loc);
    }

    public static void threadJoin(Thread thread, int loc) throws InterruptedException {
        Hooks.threadJoin(thread, 0, 0, false, loc);
    }

    public static void threadJoin(Thread thread, long millis, int loc) throws InterruptedException {
        Hooks.threadJoin(thread, millis, 0, millis != 0, loc);
    }

    public static void threadJoin(Thread thread, long millis, int nanos, int loc) throws InterruptedException {
        Hooks.threadJoin(thread, millis, nanos, millis != 0 || nanos != 0, loc);
    }

    /** The name the JDK gives a thread made without one (in code of {@code caller}), counted from 0 in every run. */
    public static String nextThreadName(Class<?> caller) {
        return caller.getClassLoader() instanceof RunLoader run ? run.nextThreadName() : "Thread-" + UNNAMED_THREADS.getAndIncrement();
    }

    /** The program's read of {@code System.in} (in code of {@code caller}): its run's standard input. */
    public static java.io.InputStream standardInput(Class<?> caller) {
        return caller.getClassLoader() instanceof RunLoader run ? run.standardInput() : System.in;
    }

    /** The program's {@code System.setIn} (in code of {@code caller}): for its run only. */
    public static void setStandardInput(java.io.InputStream in, Class<?> caller) {
        if (caller.getClassLoader() instanceof RunLoader run) {
            run.setStandardInput(in);
        } else {
            System.setIn(in);
        }
    }

    public static int identityHashCode(Object object) {
        return object == null ? 0 : Hooks.identityHashCode(object);
    }

    /** {@code object.hashCode()}: the stable hook where the call reaches {@code Object.hashCode}, else the override. */
    public static int hashCode(Object object) {
        return JdkApi.declaringClass(object.getClass(), "hashCode", "()I") == Object.class ? Hooks.objectHashCode(object) : object.hashCode();
    }

    /**
     * True if calling the method (name + descriptor) on {@code receiver} runs JDK (or Weft) code rather
     * than a program override or a modelled class's; false for null, so that the original call throws the NullPointerException.
     */
    public static boolean runsJdkCode(Object receiver, String method) {
        if (receiver == null) {
            return false;
        }
        if (!isProgramClass(receiver.getClass())) {
            return true; // no class above a JDK (or Weft) class is program code: no need to look for the declaration
        }
        return JDK_IMPLEMENTED.get(receiver.getClass()).computeIfAbsent(method, m -> {
            int paren = m.indexOf('(');
            Class<?> declaring = JdkApi.declaringClass(receiver.getClass(), m.substring(0, paren), m.substring(paren));
            return declaring == null || !isProgramClass(declaring);
        });
    }

    /**
     * True if a {@code Condition} call on {@code receiver} is Weft's model of it (a condition of a lock Weft models): it runs
     * JDK code ({@link #runsJdkCode}) and is no condition of the program's own synchronizer, whose calls run the JDK's code
     * of AbstractQueuedSynchronizer's condition, instrumented. False for null, so that the original call throws.
     */
    public static boolean modelsCondition(Object receiver, String method) {
        return runsJdkCode(receiver, method) && !JdkApi.ofProgramSynchronizer(receiver);
    }

    /**
     * True for classes of the program's loader (a run's, or the application loader under Weft's agent)
     * other than Weft's own, its models of JDK classes excepted. The program's main class is
     * initialised before any of its code runs, so its loader is known by then.
     */
    private static boolean isProgramClass(Class<?> type) {
        String name = type.getName();
        return PROGRAM_LOADERS.containsKey(type.getClassLoader()) && (!name.startsWith("dev.weft.") || name.startsWith("dev.weft.modelled."));
    }

    /** First thing every program class's static initialiser does (one is added where the class has none). */
    public static void initializing(Class<?> type) {
        PROGRAM_LOADERS.putIfAbsent(type.getClassLoader(), Boolean.TRUE);
    }

    /** Last thing a program class's static initialiser does when it returns: the class is initialised. */
    public static void initialized(Class<?> type) {
        if (type.getClassLoader() instanceof RunLoader run) {
            run.initialized(type);
        }
    }
}
