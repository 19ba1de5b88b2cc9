package dev.weft.runtime;

import dev.weft.runtime.hooks.RunLoader;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Class initialisation as the JVM performs it (JLS 12.4.2, JVMS 5.5), seen by the scheduler. Static
 * initialisers are program code like any other: their accesses are events and scheduling points, so
 * another thread may run while one initialises a class, and which thread initialises it can decide what
 * the initialiser reads. The JVM lets one thread run a class's initialiser and makes every other thread
 * that needs the class wait until it has finished; waiting inside the JVM would hold the turn for
 * ever, so the runtime performs that procedure itself, just before the instruction that would make the
 * JVM do it ({@link #classInit}), and lets the JVM run the initialiser only once it is the calling
 * thread's to run.
 *
 * <p>The model: each class has an initialisation lock (an {@link Address#initialisation} address, not its
 * monitor) and a flag (the synthetic volatile static field {@code <clinit>}: 0 before, 1 once a thread took
 * the initialisation). A thread's first use of a class it has not seen initialised is LOCK, then an
 * ATOMIC_RMW of the flag: reading 0 it writes 1 and runs the initialiser holding the lock, which it
 * releases when the initialiser returns or throws; reading 1 it releases the lock at once. Each is a
 * scheduling choice of its own, so MCR orders them like any lock and read, and a thread that waits for
 * another's initialisation is blocked on the lock: an initialiser that waits for such a thread is a
 * deadlock, as in the JVM. Classes whose initialisers touch nothing shared ({@link RunLoader#modelsInitialisation})
 * are not modelled: the trigger has the JVM run them inside the calling thread's step, and learns from the
 * JVM's return that they are done ({@link #settle}). What a thread has seen initialised passes on
 * to the threads it starts and to those that join it, whose uses then need no events.
 *
 * <p>The JVM itself still decides what a failed initialisation means: the thread that ran it gets the
 * initialiser's {@code ExceptionInInitializerError} and later uses get {@code NoClassDefFoundError},
 * thrown by the JVM at the trigger ({@code Class.forName} here), and nothing of Weft touches a class
 * whose initialiser has not returned (its static state is read only for classes that finished).
 */
final class ClassInits {
    private enum State { UNTOUCHED, RUNNING, DONE, FAILED }

    /** What a thread's trigger leaves for the JVM to do. */
    private enum Need { NOTHING, INITIALISE, FAIL }

    /** The name of the synthetic static field that stands for a class's initialisation flag. */
    static final String FLAG = "<clinit>";

    private final Scheduler core;
    private final WeftCodeGuard guard;
    /** By internal class name, the initialisations begun in this run (their initialisers started). */
    private final Map<String, Initialisation> begun = new HashMap<>();
    private final ClassValue<Initialisation> initialisations = new ClassValue<>() {
        @Override
        protected Initialisation computeValue(Class<?> type) {
            return new Initialisation(type);
        }
    };

    /** The initialisation of one class in this run. Written under the run's lock; the fast path reads it without. */
    private static final class Initialisation {
        final Class<?> type;
        final boolean modelled;
        volatile State state = State.UNTOUCHED;
        /** The thread that holds the initialisation lock: while the class is RUNNING, the one that runs its initialiser. */
        RunThread holder;
        /** Threads for which the class is initialised and needs no more events: the fast path's answer. */
        volatile Thread[] passers = new Thread[0];
        private List<Class<?>> supertypes;
        private Address lock;
        private Address flag;

        Initialisation(Class<?> type) {
            this.type = type;
            this.modelled = type.getClassLoader() instanceof RunLoader run && run.modelsInitialisation(type);
        }

        boolean passes(Thread thread) {
            if (state != State.DONE) {
                return false;
            }
            for (Thread t : passers) {
                if (t == thread) {
                    return true;
                }
            }
            return false;
        }

        void pass(Thread thread) {
            if (state == State.DONE && !passes(thread)) {
                Thread[] more = java.util.Arrays.copyOf(passers, passers.length + 1);
                more[passers.length] = thread;
                passers = more;
            }
        }

        /**
         * The classes the JVM initialises before this one (JVMS 5.5 step 7): for a class, its superclass, then
         * its superinterfaces that declare a method with a body, each interface after its own superinterfaces;
         * for an interface, none. Program classes of this run only.
         */
        List<Class<?>> supertypes() {
            if (supertypes == null) {
                supertypes = new ArrayList<>();
                if (!type.isInterface()) {
                    if (isProgramClass(type.getSuperclass())) {
                        supertypes.add(type.getSuperclass());
                    }
                    Set<Class<?>> interfaces = new LinkedHashSet<>();
                    collectInterfaces(type, interfaces);
                    supertypes.addAll(interfaces);
                }
            }
            return supertypes;
        }

        private static void collectInterfaces(Class<?> type, Set<Class<?>> into) {
            for (Class<?> itf : type.getInterfaces()) {
                collectInterfaces(itf, into);
                if (isProgramClass(itf) && declaresBody(itf)) {
                    into.add(itf);
                }
            }
        }

        private static boolean declaresBody(Class<?> itf) {
            for (Method m : itf.getDeclaredMethods()) {
                if (!Modifier.isAbstract(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    return true;
                }
            }
            return false;
        }

        private static boolean isProgramClass(Class<?> type) {
            return type != null && type.getClassLoader() instanceof RunLoader;
        }

        Address lock(Scheduler core, RunThread me) {
            if (lock == null) {
                lock = Address.initialisation(core.objects().id(type, me));
            }
            return lock;
        }

        Address flag(Scheduler core) {
            if (flag == null) {
                int field = core.symbols.fields().intern(type.getName().replace('.', '/'), FLAG, "I", true, true).id();
                flag = Address.staticField(field);
            }
            return flag;
        }
    }

    ClassInits(Scheduler core, WeftCodeGuard guard) {
        this.guard = guard;
        this.core = core;
    }

    // ------------------------------------------------------------------ the trigger

    /**
     * Before an instruction that initialises {@code type} if it has not been: waits while another thread
     * initialises it (or one of its supertypes), takes the initialisations that are this thread's to run,
     * and has the JVM run them, or throw what the JVM throws for a class whose initialisation failed.
     */
    void classInit(Class<?> type, int loc) {
        Initialisation target = initialisations.get(type);
        if (target.passes(Thread.currentThread())) {
            return; // the common case, without the run's lock
        }
        List<Initialisation> claimed = new ArrayList<>();
        if (prepare(target, loc, claimed) == Need.NOTHING) {
            return;
        }
        try {
            runInitialiser(type);
            if (!target.modelled) {
                settle(target);
            }
        } catch (LinkageError failure) {
            // The JVM's ExceptionInInitializerError or NoClassDefFoundError: the program's, thrown at its trigger.
            abandon(claimed, loc);
            throw WeftThrowables.atProgramTrigger(failure);
        } catch (RuntimeException | Error failure) {
            abandon(claimed, loc);
            throw failure;
        }
    }

    /**
     * Has the JVM run the class's initialiser. It is the program's code, though this hook runs as Weft's: where JDK code is
     * instrumented, what the initialiser calls of it (a static ConcurrentLinkedQueue's constructor) must reach the runtime,
     * or what it makes is named by whichever thread touches it first.
     */
    private void runInitialiser(Class<?> type) {
        Runnable initialise = () -> {
            try {
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("class " + type.getName() + " vanished from its loader", e);
            }
        };
        guard.asProgram(initialise);
    }

    private Need prepare(Initialisation target, int loc, List<Initialisation> claimed) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return Need.NOTHING;
            }
            Need need = walk(me, target, loc, claimed);
            target.pass(me.jvm);
            return need;
        } finally {
            core.unlock();
        }
    }

    /**
     * The JVM initialised {@code c}, whose own initialiser is not modelled (no hook tells when it ends): it is
     * initialised for good unless a modelled supertype is still running, this thread's recursive request.
     */
    private void settle(Initialisation c) {
        RunThread me = core.enter();
        try {
            if (finished(c)) {
                c.state = State.DONE;
                c.pass(me.jvm);
            }
        } finally {
            core.unlock();
        }
    }

    private boolean finished(Initialisation c) {
        for (Class<?> s : c.supertypes()) {
            Initialisation sup = initialisations.get(s);
            if (sup.modelled ? sup.state != State.DONE : !finished(sup)) {
                return false;
            }
        }
        return true;
    }

    /** JLS 12.4.2 steps 1 to 7 for {@code c} as {@code me} performs them: what the JVM is left to do. */
    private Need walk(RunThread me, Initialisation c, int loc, List<Initialisation> claimed) {
        if (c.holder == me) {
            return Need.NOTHING; // a recursive request (step 3)
        }
        State found = c.state;
        if (c.modelled && !me.initialisationsSeen.contains(c.type)) {
            found = check(me, c, loc);
            if (found == State.UNTOUCHED) {
                claimed.add(c);
            }
        }
        if (found != State.UNTOUCHED) {
            return found == State.FAILED ? Need.FAIL : Need.NOTHING;
        }
        for (Class<?> s : c.supertypes()) {
            if (walk(me, initialisations.get(s), loc, claimed) == Need.FAIL) {
                return Need.FAIL; // step 7: the class fails with its supertype
            }
        }
        return Need.INITIALISE;
    }

    /**
     * {@code me} takes the class's initialisation lock (waiting while another thread initialises it) and reads
     * its flag: a class nobody initialised yet becomes {@code me}'s to initialise, holding the lock; otherwise the
     * lock is released. Returns what {@code me} found.
     */
    private State check(RunThread me, Initialisation c, int loc) {
        Address lock = c.lock(core, me);
        Address flag = c.flag(core);
        core.schedulingPoint(me, EventKind.LOCK, lock, loc, () -> c.holder == null,
                () -> "waits for the initialisation of " + c.type.getName() + ", which " + c.holder.name + " runs");
        c.holder = me;
        core.drain(me);
        core.record(me, EventKind.LOCK, loc, lock, 0, 0, (char) 0, 0);
        core.schedulingPoint(me, EventKind.ATOMIC_RMW, flag, loc);
        State found = c.state;
        core.recording.initialValue(flag, 0);
        if (found == State.UNTOUCHED) {
            c.state = State.RUNNING;
            core.record(me, EventKind.ATOMIC_RMW, loc, flag, 0, 1, 'I', Event.WROTE);
            return found;
        }
        core.record(me, EventKind.ATOMIC_RMW, loc, flag, 1, 1, 'I', 0);
        release(me, c, found, loc);
        return found;
    }

    /** {@code me} releases {@code c}'s initialisation lock, and with it the class, which is now {@code outcome}. */
    private void release(RunThread me, Initialisation c, State outcome, int loc) {
        core.schedulingPoint(me, EventKind.UNLOCK, c.lock(core, me), loc);
        end(c, outcome);
        core.drain(me);
        core.record(me, EventKind.UNLOCK, loc, c.lock(core, me), 0, 0, (char) 0, 0);
        me.initialisationsSeen.add(c.type);
    }

    private static void end(Initialisation c, State outcome) {
        c.state = outcome;
        c.holder = null;
    }

    /** The JVM failed the initialisations {@code me} took before it ran their initialisers (a supertype failed): they failed too. */
    private void abandon(List<Initialisation> claimed, int loc) {
        RunThread me = core.enter();
        try {
            for (int i = claimed.size() - 1; i >= 0; i--) {
                Initialisation c = claimed.get(i);
                if (c.holder == me) {
                    release(me, c, State.FAILED, loc);
                }
            }
        } finally {
            core.unlock();
        }
    }

    // ------------------------------------------------------------------ the initialiser itself

    /** A modelled static initialiser starts: normally one its thread took at the trigger; else the JVM started it unseen. */
    void classInitEnter(Class<?> type, int loc) {
        RunThread me = core.enter();
        try {
            Initialisation c = initialisations.get(type);
            begun.put(type.getName().replace('.', '/'), c);
            if (c.holder == me || !me.controlled()) {
                return;
            }
            // Reflection or JDK code made the JVM initialise the class: no hook saw the trigger, so no other
            // thread may be able to race for it.
            if (c.holder != null || !core.aloneIn(me)) {
                core.unsupportedLocked("initialisation of " + type.getName()
                        + " started by reflection or JDK code while other threads run", loc);
            }
            check(me, c, loc);
        } finally {
            core.unlock();
        }
    }

    /**
     * A static initialiser threw (any initialiser, modelled or not; this takes no turn): when Weft's own
     * throwable is behind it, the run ends as Weft's failure now, since the JVM keeps the class unusable
     * ("Could not initialize class") and a later use would no longer show why.
     */
    void classInitFailed(Throwable failure) {
        if (failure instanceof VirtualMachineError || WeftThrowables.weftOwn(failure) == null) {
            return;
        }
        core.finishNow(() -> {
            RunThread me = core.thread(Thread.currentThread());
            return me == null ? null : core.bugs.uncaught(failure, me);
        });
    }

    /** A modelled static initialiser returns or throws: its class is initialised, or failed, and its lock free. */
    void classInitExit(Class<?> type, boolean failed, int loc) {
        RunThread me = core.enter();
        try {
            Initialisation c = initialisations.get(type);
            if (c.holder != me) {
                return;
            }
            State outcome = failed ? State.FAILED : State.DONE;
            if (me.controlled()) {
                release(me, c, outcome, loc);
            } else {
                end(c, outcome);
            }
        } finally {
            core.unlock();
        }
    }

    /** Whether the class (internal name) is being initialised: no other thread can see its static fields yet. Under the run's lock. */
    boolean initialising(String className) {
        Initialisation c = begun.get(className);
        return c != null && c.state == State.RUNNING;
    }
}
