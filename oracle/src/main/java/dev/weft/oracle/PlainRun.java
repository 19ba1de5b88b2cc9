package dev.weft.oracle;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;

/**
 * One run of a program's {@code main} on plain JVM threads, in its own class loader (fresh static
 * state) and its own thread group (so that every thread the program makes is known and its uncaught
 * exception lands here). The run ends as a JVM would end it: when no non-daemon thread of the program
 * is left. Its outcome is the first uncaught throwable of any of its threads, else a deadlock when
 * every thread waits for another for good, else the final static state.
 */
final class PlainRun {
    private static final long POLL_MILLIS = 2;
    private static volatile PlainRun current;

    private final ProgramLoader loader;
    private final ThreadGroup group;
    private final String className;
    private String firstBug;
    private boolean over;

    PlainRun(URL[] classPath, String className, boolean assertions) {
        this.loader = new ProgramLoader(classPath);
        this.loader.setDefaultAssertionStatus(assertions);
        this.className = className;
        this.group = new ThreadGroup("plain-run " + className) {
            @Override
            public void uncaughtException(Thread thread, Throwable failure) {
                failed(failure);
            }
        };
    }

    /** The run in progress in this JVM, or null. */
    static PlainRun current() {
        return current;
    }

    /** Checks, in a loader of its own, that {@code className} has a main method; returns the problem, or null. */
    static String problemWithMain(URL[] classPath, String className) {
        try (ProgramLoader probe = new ProgramLoader(classPath)) {
            Class.forName(className, false, probe).getMethod("main", String[].class);
            return null;
        } catch (ReflectiveOperationException | LinkageError | java.io.IOException e) {
            return "cannot run " + className + ": " + e;
        }
    }

    /**
     * Runs main until the run ends; returns its outcome, or null when it did not end within
     * {@code timeoutMillis} without a bug (a hang: threads that spin or wait with a timeout for ever,
     * or a wait the JVM does not show as one, such as waiting for another thread's class
     * initialisation). A bug ends the run's outcome even if the other threads then hang.
     */
    String execute(long timeoutMillis, long deadlockWindowMillis) throws InterruptedException {
        current = this;
        Thread main = new Thread(group, this::runMain, "main");
        main.setContextClassLoader(loader);
        main.start();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        StuckWatch watch = new StuckWatch(deadlockWindowMillis);
        while (true) {
            List<Thread> live = liveThreads();
            List<Thread> keepingItGoing = live.stream().filter(t -> !t.isDaemon()).toList();
            if (keepingItGoing.isEmpty()) {
                return finish(() -> Outcomes.completed(StaticValues.of(loader.definedClasses())));
            }
            if (watch.deadlocked(live)) {
                String where = Outcomes.programLocation(keepingItGoing.get(0).getStackTrace());
                return finish(() -> Outcomes.bug("deadlock", where));
            }
            if (System.nanoTime() > deadline) {
                return finish(() -> null);
            }
            keepingItGoing.get(0).join(POLL_MILLIS);
        }
    }

    /** Whether threads of this run still run (or sleep) after its end, so that they could disturb later runs. */
    boolean leavesThreadsRunning() throws InterruptedException {
        long deadline = System.nanoTime() + 200_000_000L;
        while (System.nanoTime() < deadline) {
            boolean running = liveThreads().stream().anyMatch(t -> t.getState() == Thread.State.RUNNABLE
                    || t.getState() == Thread.State.TIMED_WAITING);
            if (!running) {
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }

    /** The live threads of the run, oldest first (the order in which the program created them). */
    List<Thread> liveThreads() {
        Thread[] threads = new Thread[group.activeCount() + 8];
        int count = group.enumerate(threads, true);
        List<Thread> live = new ArrayList<>(Arrays.asList(threads).subList(0, count));
        live.removeIf(t -> !t.isAlive());
        live.sort(Comparator.comparingLong(ThreadIds::of));
        return live;
    }

    boolean owns(Thread thread) {
        ThreadGroup of = thread.getThreadGroup();
        return of != null && (of == group || group.parentOf(of));
    }

    /**
     * For the shutdown hook, when a thread of this run has called System.exit: ends the run; returns
     * the first bug if one came before, else null (the exit is the outcome).
     */
    synchronized String endByExit() {
        over = true;
        return firstBug;
    }

    /** The final static state, rendered (for an exit with status 0). */
    String finalState() {
        return Outcomes.completed(StaticValues.of(loader.definedClasses()));
    }

    private void runMain() {
        try {
            Method main = Class.forName(className, false, loader).getMethod("main", String[].class);
            // As the java launcher does, run main even when its class is not public.
            main.setAccessible(true);
            main.invoke(null, (Object) new String[0]);
        } catch (InvocationTargetException e) {
            failed(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot start " + className, e);
        }
    }

    private synchronized void failed(Throwable failure) {
        if (!over && firstBug == null) {
            firstBug = Outcomes.uncaught(failure);
        }
    }

    private synchronized String finish(Supplier<String> otherwise) {
        over = true;
        return firstBug != null ? firstBug : otherwise.get();
    }
}
