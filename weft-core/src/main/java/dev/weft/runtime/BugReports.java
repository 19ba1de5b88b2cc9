package dev.weft.runtime;

import dev.weft.instrument.NullPointerMessages;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.RunResult.Status;
import dev.weft.trace.Symbols;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The bugs the runtime itself finds (deadlock, livelock, a thread stuck outside Weft's control, an
 * uncaught failure, {@code System.exit}), each with the program location it points at: the
 * innermost frame of program code, not of the JDK, a test framework or Weft's runtime.
 */
final class BugReports {
    /** Besides the JDK and Weft: test frameworks' assertion helpers, so a failed assertion points at the test's line that called it. */
    private static final List<String> FOREIGN_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "dev.weft.runtime.hooks.", "dev.weft.instrument.support.", "dev.weft.boot.", "dev.weft.modelled.", "org.junit.", "org.opentest4j.");
    /** The runtime's classes by name: runtime tests keep their programs in this package, so no prefix covers them. */
    static final List<String> RUNTIME_CLASSES = List.of(ControlledHooks.class.getName(), Scheduler.class.getName(),
            Recording.class.getName(), BugReports.class.getName(), BusyWaitRules.class.getName(), RunThread.class.getName(),
            MemoryAccess.class.getName(), Atomics.class.getName(), Locks.class.getName(), Waits.class.getName(),
            ThreadLifecycle.class.getName(), LockState.class.getName(), Determinism.class.getName(), ClassInits.class.getName(),
            Loops.class.getName(), LoopWatch.class.getName(), UncaughtExceptions.class.getName(), JdkObjects.class.getName(),
            CallText.class.getName(), AtomicCell.class.getName(), MemoryCell.class.getName(), StoreBuffer.class.getName(),
            ObjectRegistry.class.getName(), ControlledExecutor.class.getName(), JdkMethods.class.getName(),
            VisibleValues.class.getName(), MemoryReserve.class.getName(), WeftThrowables.class.getName(), WaitSet.class.getName(),
            Outcomes.class.getName(), WeftCodeGuard.class.getName(), RawMemory.class.getName(), ByteViews.class.getName(),
            CellLayout.class.getName());

    private final Symbols symbols;
    private final RunConfig config;

    BugReports(Symbols symbols, RunConfig config) {
        this.symbols = symbols;
        this.config = config;
    }

    /**
     * No thread can move, yet one that keeps the run going is live: a livelock when one of them is a
     * spinner the busy-wait rule holds (its loop would spin for ever: nothing can change what it
     * reads), else a deadlock. The bug is the spinner's, else the first thread's; its message gives each thread's blocking line and where the locks they wait for were taken.
     */
    RunEnd noThreadCanMove(List<RunThread> live) {
        List<RunThread> blocked = live.stream().filter(t -> !t.daemon && !t.awaitingWork).toList();
        for (RunThread t : live) {
            if (t.waitsForJdkCall) {
                // Weft runs a JDK call whole; a plain JVM would let the two calls overlap, so this may be no deadlock at all.
                return RunEnd.of(Status.UNSUPPORTED, "unsupported: " + t.name + " " + t.waitsFor.get()
                        + ", whose program code waits in turn (Weft cannot run two calls on one JDK object at once)");
            }
        }
        RunThread spinner = blocked.stream().filter(t -> t.pending != null && t.pending.kind() == EventKind.LOOP).findFirst().orElse(null);
        String states = blocked.stream().map(this::blockedState).collect(Collectors.joining("; "));
        // Located as the stress oracle locates a plain run's deadlock (docs/oracle.md): at the first thread.
        RunThread first = spinner != null ? spinner : blocked.get(0);
        BugKind kind = spinner != null ? BugKind.LIVELOCK : BugKind.DEADLOCK;
        return RunEnd.bug(new Bug(kind, kind.jsonName() + ": " + states, first.name, blockedAt(first), null));
    }

    /** "main.1 at Bank.java:25 waits for lock main#2 held by main.2 (taken at Bank.java:24)". */
    private String blockedState(RunThread t) {
        // A spinner's state says where it spins.
        Location at = t.pending != null && t.pending.kind() == EventKind.LOOP ? null : blockedAt(t);
        return t.name + (at != null && at.line() >= 0 ? " at " + at.fileAndLine() : "") + " "
                + (t.waitsFor != null ? t.waitsFor.get() : "is blocked");
    }

    /** The program line a blocked thread waits at: its pending operation's, else its innermost program frame's. */
    private Location blockedAt(RunThread t) {
        Location where = t.pending != null ? symbols.locations().get(t.pending.location()) : null;
        return where != null && isProgramFrame(where.className()) ? where : programLocation(t.jvm.getStackTrace(), t);
    }

    /** The step bound was reached: blames {@code last}, the thread stepped last (if any). */
    RunEnd stepBoundExceeded(List<RunThread> live, RunThread last) {
        RunThread culprit = last != null ? last : live.get(0);
        return RunEnd.bug(new Bug(BugKind.LIVELOCK, "livelock: the run exceeded " + config.stepBound() + " steps",
                culprit.name, symbols.locations().get(culprit.lastLocation), null));
    }

    RunEnd stuck(RunThread t) {
        Thread.State state = t.jvmState();
        StackTraceElement[] stack = t.jvm.getStackTrace();
        String at = stack.length > 0 ? stack[0].toString() : "an unknown place";
        if (state == Thread.State.RUNNABLE) {
            StringBuilder trace = new StringBuilder();
            for (StackTraceElement frame : stack) {
                trace.append("\tat ").append(frame).append('\n');
            }
            return RunEnd.bug(new Bug(BugKind.LIVELOCK, "livelock: " + t.name + " ran for " + config.stuckTimeout().toMillis()
                    + " ms without reaching a scheduling point, at " + at, t.name, programLocation(stack, t), trace.toString()));
        }
        return RunEnd.of(Status.UNSUPPORTED, t.name + " is blocked (" + state + ") in code Weft does not control, at " + at);
    }

    /**
     * How a thread's uncaught failure ends the run: as the program's bug, or, when Weft's own throwable
     * is behind it ({@link WeftThrowables#weftOwn}), as Weft's failure or, for a refusal, as unsupported.
     * The program running out of memory or stack is its own bug, even when it happened inside a hook.
     */
    RunEnd uncaught(Throwable failure, RunThread thread) {
        Throwable own = failure instanceof VirtualMachineError ? null : WeftThrowables.weftOwn(failure);
        if (own instanceof RefusedByWeft) {
            return RunEnd.of(Status.UNSUPPORTED, "unsupported: " + own.getMessage());
        }
        if (own != null) {
            return new RunEnd(null, null, "Weft's own " + own + " reached thread " + thread.name, own);
        }
        return RunEnd.bug(failure(failure, thread));
    }

    /**
     * The heap ran out while the run's watcher waited: the running thread, the only one that allocates,
     * filled it. Its bug as if the error had reached it, at its innermost program frame.
     */
    RunEnd outOfMemory(OutOfMemoryError failure, RunThread running) {
        StackTraceElement[] stack = running.jvm.getStackTrace();
        StringBuilder trace = new StringBuilder(failure.toString()).append('\n');
        for (StackTraceElement frame : stack) {
            trace.append("\tat ").append(frame).append('\n');
        }
        return RunEnd.bug(new Bug(BugKind.EXCEPTION, "OutOfMemoryError" + (failure.getMessage() != null ? ": " + failure.getMessage() : ""),
                running.name, programLocation(stack, running), trace.toString()));
    }

    Bug failure(Throwable failure, RunThread thread) {
        BugKind kind = failure instanceof AssertionError ? BugKind.ASSERTION : BugKind.EXCEPTION;
        String own = failure.getMessage();
        String shown = programsMessage(failure, thread);
        String message = failure.getClass().getSimpleName() + (shown != null ? ": " + shown : "");
        java.io.StringWriter text = new java.io.StringWriter();
        failure.printStackTrace(new java.io.PrintWriter(text));
        String stack = own == null || own.equals(shown) ? text.toString() : text.toString().replace(own, shown);
        return new Bug(kind, message, thread.name, programLocation(failure.getStackTrace(), thread), stack);
    }

    /** The failure's message as the program would get it without Weft: a null pointer's source named as the program loads it. */
    private static String programsMessage(Throwable failure, RunThread thread) {
        StackTraceElement[] stack = failure.getStackTrace();
        if (!(failure instanceof NullPointerException) || stack.length == 0) {
            return failure.getMessage();
        }
        return NullPointerMessages.asThePrograms(failure.getMessage(), stack[0], thread.jvm.getContextClassLoader());
    }

    RunEnd exit(int status, RunThread thread, int loc) {
        return RunEnd.bug(new Bug(BugKind.EXIT, "System.exit(" + status + ")", thread.name, symbols.locations().get(loc), null));
    }

    /** The innermost frame of program code, else the thread's last recorded location. */
    private Location programLocation(StackTraceElement[] stack, RunThread thread) {
        for (StackTraceElement frame : stack) {
            if (isProgramFrame(frame.getClassName())) {
                return new Location(frame.getClassName(), frame.getMethodName(), frame.getFileName(), frame.getLineNumber(), -1);
            }
        }
        return symbols.locations().get(thread.lastLocation);
    }

    private static boolean isProgramFrame(String className) {
        for (String prefix : FOREIGN_PREFIXES) {
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        int nested = className.indexOf('$');
        return !RUNTIME_CLASSES.contains(nested < 0 ? className : className.substring(0, nested));
    }
}
