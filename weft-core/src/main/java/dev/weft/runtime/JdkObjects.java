package dev.weft.runtime;

import dev.weft.boot.JdkBridge;
import dev.weft.jdk.JdkApi;
import dev.weft.jdk.JdkApi.Safety;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.JdkCallSite;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.Symbols;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Enumeration;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Spliterator;

/**
 * Calls from the program into the JDK on objects whose state calls read or change ({@link JdkApi}:
 * collections, maps, their views and iterators, string builders ...), as events on that state.
 *
 * <p><b>Which calls are events.</b> A JDK object is followed from the moment the program makes it, or
 * gets it from a call. It is confined to the thread that made it until a reference to it can reach
 * another thread: stored into a field, an array element or a lambda's captured values
 * ({@link #published}), handed to a call on an object other threads reach, or to a JDK object that
 * may keep it (an {@code AtomicReference}, a thread, an {@code Optional}). Then it escapes, with its
 * views and every object reachable from it ({@link Reach}). Calls on confined objects are no events
 * and cost a lookup; an object met without having been seen made is taken as shared.
 *
 * <p><b>The state.</b> The objects a call reads or changes are its receiver and the arguments it
 * reads ({@code a.addAll(b)}) or changes ({@code Collections.sort(list)}); a view (iterator, key set,
 * sub-list, stream, a {@code Collections.unmodifiable*} or {@code synchronized*} wrapper) shares the
 * state of what it views. The state is an address of kind {@link Address.Kind#OBJECT_STATE} whose
 * value is a token naming the last call that changed it: a call {@link JdkApi#reads} classifies as
 * reading is a READ of it, any other call a read-modify-write that reads the token and writes a
 * fresh one made of the calling thread and the position of its event. By local determinism the same
 * token then means the same history of changing calls, so "same value read" means "same JDK
 * behaviour", which is what MCR's equivalence needs; every strategy, race detection and MCR's causal
 * model see plain reads and writes. One call is one step: its events (one per object) are recorded
 * together at one scheduling point, and the JDK code runs right after it.
 *
 * <p><b>Thread safety.</b> Calls on objects that are not thread-safe are plain (READ, PLAIN_RMW); on
 * {@code java.util.concurrent}'s collections, volatile reads and atomic read-modify-writes, which
 * synchronize; on objects that hold a monitor through each call ({@code Vector},
 * {@code Hashtable}, {@code StringBuffer}, synchronized wrappers), the call first takes that monitor
 * through {@link Locks} (a LOCK step; the program may hold it in a {@code synchronized} block) and
 * releases it when the JDK code returns or throws, with plain events in between. Under TSO/PSO a
 * changing call drains its thread's store buffers first (the JDK's writes cannot wait in one).
 *
 * <p><b>Instrumented JDK classes</b> ({@code --instrument-jdk}, {@link RunConfig#instrumentedJdk}). An object of such a
 * class has no state of its own here: a call that reaches one that other threads can reach (or a view of it) records
 * no event for it, and the thread is in the JDK on the program's behalf until the call returns
 * ({@link JdkBridge#enterCall}), so that the field and array accesses inside are the events. When it returns, the call
 * reads the object's state (a token no call changes: it orders nothing), so that reports show the call as the program
 * made it, with the steps inside folded under it.
 */
final class JdkObjects {
    private final Scheduler core;
    private final Locks locks;
    private final Symbols symbols;
    private final boolean describes;
    private final Map<Object, Followed> followed = new IdentityHashMap<>();
    private final Set<String> instrumented;

    JdkObjects(Scheduler core, Locks locks, boolean describes, Set<String> instrumented) {
        this.core = core;
        this.locks = locks;
        this.symbols = core.symbols;
        this.describes = describes;
        this.instrumented = instrumented;
    }

    /**
     * Which threads can reach a group of JDK objects: its owner only, until one of them escapes; then
     * every thread, and every group reachable from it escapes too.
     */
    private static final class Reach {
        final int owner;
        boolean shared;
        private List<Reach> reachable;

        Reach(int owner, boolean shared) {
            this.owner = owner;
            this.shared = shared;
        }

        /** {@code other} becomes reachable from this group: it escapes with it. */
        void reaches(Reach other) {
            if (other == this || other.shared) {
                return;
            }
            if (shared) {
                other.escape();
                return;
            }
            if (reachable == null) {
                reachable = new ArrayList<>();
            }
            reachable.add(other);
        }

        void escape() {
            Deque<Reach> pending = new ArrayDeque<>();
            pending.push(this);
            while (!pending.isEmpty()) {
                Reach r = pending.pop();
                if (!r.shared) {
                    r.shared = true;
                    if (r.reachable != null) {
                        r.reachable.forEach(pending::push);
                        r.reachable = null;
                    }
                }
            }
        }
    }

    /** The state that calls on one JDK object and on its views read and change. */
    private static final class State {
        final Object owner;
        final Reach reach;
        /** Made at the first event on the state: the owner's object id is the run's from then on. */
        Address address;
        long token;
        /** The thread inside a call on this state (and how many deep), and its outermost call: other threads' calls on it wait until it returns. */
        RunThread busyWith;
        int busyDepth;
        JdkCallSite busyIn;

        State(Object owner, Reach reach) {
            this.owner = owner;
            this.reach = reach;
        }
    }

    /** A followed JDK object: its state, how calls on it are thread-safe, the monitor they hold (LOCKED only). */
    private static final class Followed {
        final State state;
        final Safety safety;
        final Object monitor;
        final boolean iterator;
        /** Stored, captured or handed on itself (not only reachable through another object). */
        boolean escaped;

        Followed(State state, Safety safety, Object monitor, boolean iterator) {
            this.state = state;
            this.safety = safety;
            this.monitor = monitor;
            this.iterator = iterator;
        }
    }

    /** One event of a call: the state it reads or may change. */
    private record Access(State state, boolean changes, boolean concurrent) {
        EventKind kind() {
            return changes ? (concurrent ? EventKind.ATOMIC_RMW : EventKind.PLAIN_RMW) : (concurrent ? EventKind.VOLATILE_READ : EventKind.READ);
        }
    }

    /** A JDK call between {@link #call} and its return: the ticket the instrumented code hands back. */
    private static final class Call {
        final JdkCallSite site;
        final Object receiver;
        final Followed target;
        final List<Followed> arguments = new ArrayList<>(2);
        final List<Object> monitors = new ArrayList<>(1);
        final List<Access> accesses = new ArrayList<>(1);
        final List<Integer> events = new ArrayList<>(1);
        /** Set while the call's events are owed: they are recorded when it returns, or at the next scheduling point of its thread. */
        Runnable owed;
        /** The call reaches a shared object whose class is instrumented: its thread is in the JDK for the program until it returns. */
        boolean inJdk;
        /** Set once the call's states are busy with it: other threads' calls on them wait until it returns. */
        boolean busy;
        /** The states of those objects: each gets a read when the call returns, the call's line in reports. */
        final List<State> inside = new ArrayList<>(1);
        String text;

        Call(JdkCallSite site, Object receiver, Followed target) {
            this.site = site;
            this.receiver = receiver;
            this.target = target;
        }
    }

    // ------------------------------------------------------------------ following objects

    /** A JDK object the program made with {@code new}: followed, and confined to the thread that made it. */
    void allocated(Object object) {
        if (JdkApi.safety(object.getClass()) == Safety.NONE) {
            return;
        }
        RunThread me = core.enter();
        try {
            if (!core.isOutside(me) && !followed.containsKey(object)) {
                // Such an object's calls may block: the JDK's code must run on the program's behalf even while one thread has it.
                follow(object, new Reach(me.id, JdkApi.blocksThreads(object.getClass()) || instrumentedConcurrent(object.getClass())));
            }
        } finally {
            core.unlock();
        }
    }

    void published(Object value) {
        RunThread me = core.enter();
        try {
            if (!core.isOutside(me)) {
                Followed f = known(value);
                f.escaped = true;
                f.state.reach.escape();
            }
        } finally {
            core.unlock();
        }
    }

    private Followed follow(Object object, Reach reach) {
        Safety safety = JdkApi.safety(object.getClass());
        Followed f = new Followed(new State(object, reach), safety, safety == Safety.LOCKED ? object : null, isIterator(object));
        followed.put(object, f);
        return f;
    }

    /** A followed object, or null for one of no state; an object met without having been seen made is taken as shared. */
    private Followed known(Object object) {
        if (object == null || JdkApi.safety(object.getClass()) == Safety.NONE) {
            return null;
        }
        Followed f = followed.get(object);
        return f != null ? f : follow(object, new Reach(-1, true));
    }

    private void followAsView(Object view, Followed of, Safety safety) {
        Object monitor = safety != Safety.LOCKED ? null : of.monitor != null ? of.monitor : view;
        followed.put(view, new Followed(of.state, safety, monitor, isIterator(view)));
    }

    private static boolean isIterator(Object object) {
        return object instanceof Iterator<?> || object instanceof Enumeration<?> || object instanceof Spliterator<?>;
    }

    // ------------------------------------------------------------------ calls


    Object call(Object receiver, Object first, Object second, Object[] rest, int siteId) {
        if (instrumented.isEmpty() && receiver == null && first == null && second == null && rest == null) {
            // Only Hooks.jdkConstructs comes with nothing followed: a new ArrayList in a run that instruments no JDK code,
            // which must not take the run's lock on every allocation.
            return null;
        }
        RunThread me = core.enter();
        try {
            if (core.isOutside(me)) {
                return null;
            }
            JdkCallSite site = symbols.calls().get(siteId);
            if (site.form() == JdkCallSite.Form.CONSTRUCTOR && first == null && second == null && rest == null
                    && !instrumented.contains(site.owner().replace('/', '.'))) {
                return null; // bracketed only because its class may run instrumented (JdkObjectVisitor); here it does not
            }
            Followed target = known(receiver);
            if (target != null && site.form() == JdkCallSite.Form.INSTANCE
                    && !JdkApi.implementedInJdk(receiver.getClass(), site.name(), site.descriptor())) {
                return null; // a program override runs as written; its super call comes back here
            }
            if (target != null && JdkApi.blocksThreads(receiver.getClass()) && !isInstrumented(target)) {
                core.unsupportedLocked(site.api() + " (its JDK code is not instrumented)", site.location());
            }
            Call call = new Call(site, receiver, target);
            argument(call, first, 0);
            argument(call, second, 1);
            for (int i = 0; rest != null && i < rest.length; i++) {
                argument(call, rest[i], 2 + i);
            }
            noteForeignUse(call, me);
            collectAccesses(call);
            if (site.form() == JdkCallSite.Form.CONSTRUCTOR && instrumented.contains(site.owner().replace('/', '.'))) {
                // What the constructor makes (a queue's lock and conditions, a barrier's generation) gets the ids and the
                // model objects of the thread that makes it, whatever the schedule; and its calls are Weft's model of them.
                call.inJdk = true;
            }
            if (call.inJdk) {
                JdkBridge.enterCall();
            }
            if (changesUnseen(call)) {
                me.loops.unrecordedChange();
            }
            if (me.controlled()) {
                perform(me, call);
            }
            return needsTicket(call) ? call : null;
        } finally {
            core.unlock();
        }
    }

    /** Follows argument number {@code index} (among the hooked ones) and what the call may do with it: keep it, or hand it on. */
    private void argument(Call call, Object value, int index) {
        Followed a = known(value);
        if (a == null) {
            return;
        }
        call.arguments.add(a);
        JdkCallSite site = call.site;
        boolean kept = switch (site.form()) {
            case INSTANCE, SUPER -> call.target == null ? !JdkApi.instanceKeepsNothing(site.owner()) : !JdkApi.onlyReadsArguments(site.name());
            case STATIC -> !JdkApi.staticKeepsNothing(site.owner());
            case CONSTRUCTOR, CONCATENATION -> false; // a constructor's object keeps it: see returned
        };
        if (kept && call.target != null) {
            call.target.state.reach.reaches(a.state.reach);
        } else if (kept) {
            a.escaped = true;
            a.state.reach.escape();
        }
    }

    /** An object confined to another thread yet used here was handed over in a way Weft did not see: it is shared from now on. */
    private static void noteForeignUse(Call call, RunThread me) {
        if (call.target != null && !call.target.state.reach.shared && call.target.state.reach.owner != me.id) {
            call.target.state.reach.escape();
        }
        for (Followed a : call.arguments) {
            if (!a.state.reach.shared && a.state.reach.owner != me.id) {
                a.state.reach.escape();
            }
        }
    }

    /** The call's events: one per shared state it reads or changes; and the monitors it holds. */
    private void collectAccesses(Call call) {
        JdkCallSite site = call.site;
        Followed target = call.target;
        if (target != null && target.state.reach.shared) {
            boolean advancedShared = target.iterator && target.escaped;
            add(call, target, !JdkApi.reads(call.receiver.getClass(), site.name(), advancedShared));
        }
        boolean readsArguments = target == null || JdkApi.readsArguments(site.name());
        for (int i = 0; i < call.arguments.size(); i++) {
            Followed a = call.arguments.get(i);
            boolean changes = site.form() == JdkCallSite.Form.STATIC && JdkApi.staticChanges(site.owner(), site.name(), i);
            if (a.state.reach.shared && (readsArguments || changes)) {
                add(call, a, changes);
            }
        }
    }

    /**
     * Whether the call changes a state no event of it shows: one only this thread reaches, or, for an
     * iterator no other thread reaches, its own position. The busy-wait watch must know
     * ({@code JdkApi.effectsAreSeen}).
     */
    private boolean changesUnseen(Call call) {
        JdkCallSite site = call.site;
        if (call.target != null && !isInstrumented(call.target) && !JdkApi.reads(call.receiver.getClass(), site.name(), true)
                && call.accesses.stream().noneMatch(a -> a.state() == call.target.state && a.changes())) {
            return true;
        }
        for (int i = 0; i < call.arguments.size(); i++) {
            Followed a = call.arguments.get(i);
            if (site.form() == JdkCallSite.Form.STATIC && JdkApi.staticChanges(site.owner(), site.name(), i) && !a.state.reach.shared) {
                return true;
            }
        }
        return false;
    }

    private void add(Call call, Followed f, boolean changes) {
        if (isInstrumented(f)) {
            call.inJdk = true; // the accesses inside the JDK code are the events
            if (!call.inside.contains(f.state)) {
                call.inside.add(f.state);
            }
            return;
        }
        for (Access known : call.accesses) {
            if (known.state() == f.state) {
                return; // list.addAll(list): one event
            }
        }
        call.accesses.add(new Access(f.state, changes, f.safety == Safety.CONCURRENT));
        if (f.monitor != null && !call.monitors.contains(f.monitor)) {
            call.monitors.add(f.monitor);
        }
    }

    /**
     * Takes the call's monitors (each a LOCK step), then makes its step: one scheduling point, once no
     * other thread is inside a call on the same states; until this call returns, other threads' calls
     * on them wait in turn. So each call is atomic with respect to the others on its objects even where
     * it runs program code in between (a callback: {@code computeIfAbsent}'s function, a comparator),
     * and a state's token always names the calls it has seen in full. The step's events are recorded
     * when the call returns, so that a call the result shows changed nothing ({@code poll()} → null)
     * is a read, as a busy-wait's re-check must be; if the call first runs program code that reaches
     * a scheduling point, they are recorded before it, as they would have been at the call.
     */
    private void perform(RunThread me, Call call) {
        int loc = call.site.location();
        for (Object monitor : call.monitors) {
            locks.monitorEnter(monitor, loc);
        }
        if (call.accesses.isEmpty()) {
            return;
        }
        Set<Address> others = new LinkedHashSet<>();
        for (Access a : call.accesses) {
            others.add(address(a.state(), me));
        }
        Access first = call.accesses.get(0);
        others.remove(first.state().address);
        me.waitsForJdkCall = true;
        core.schedulingPoint(me, PendingOperation.jdkCall(first.kind(), first.state().address, loc, Set.copyOf(others)),
                () -> busyWithOther(call, me) == null, () -> waitsForCallText(call, me));
        me.waitsForJdkCall = false;
        if (call.accesses.stream().anyMatch(a -> a.kind().drainsBuffers())) {
            core.drain(me);
        }
        call.busy = true;
        for (Access a : call.accesses) {
            if (a.state().busyDepth++ == 0) {
                a.state().busyWith = me;
                a.state().busyIn = call.site;
            }
        }
        call.owed = () -> recordEvents(me, call, null);
        me.owedEvents = call.owed;
    }

    /** A state of the call another thread is inside a call on, or null. */
    private static State busyWithOther(Call call, RunThread me) {
        for (Access a : call.accesses) {
            if (a.state().busyWith != null && a.state().busyWith != me) {
                return a.state();
            }
        }
        return null;
    }

    private String waitsForCallText(Call call, RunThread me) {
        State busy = busyWithOther(call, me);
        String waiting = call.site.api() + " at " + symbols.locations().get(call.site.location()).fileAndLine();
        return busy == null ? "waits at " + waiting : "waits at " + waiting + " for " + busy.busyWith.name + "'s call " + busy.busyIn.api()
                + " at " + symbols.locations().get(busy.busyIn.location()).fileAndLine() + " to return";
    }

    /** Records the call's events, once; {@code unchanged}: a state the call's result says it left as it was, or null. */
    private void recordEvents(RunThread me, Call call, State unchanged) {
        if (me.owedEvents == call.owed) {
            me.owedEvents = null;
        }
        call.owed = null;
        for (Access a : call.accesses) {
            call.events.add(record(me, a, call.site.location(), a.state() == unchanged));
        }
    }

    private Address address(State state, RunThread me) {
        if (state.address == null) {
            state.address = Address.objectState(core.objects().id(state.owner, me), symbols.classes().id(state.owner.getClass().getName()));
        }
        return state.address;
    }

    /**
     * A reading call reads the state's token; a changing one also writes a token unique to this event:
     * its thread and position. One that turned out to change nothing is a read (an atomic one that did
     * not write, on a thread-safe object).
     */
    private int record(RunThread me, Access access, int loc, boolean changedNothing) {
        State s = access.state();
        core.recording.initialValue(s.address, 0L);
        long read = s.token;
        if (!access.changes() || changedNothing && !access.concurrent()) {
            return core.record(me, access.concurrent() ? EventKind.VOLATILE_READ : EventKind.READ, loc, s.address, read, 0, 'J', 0);
        }
        if (changedNothing) {
            return core.record(me, EventKind.ATOMIC_RMW, loc, s.address, read, read, 'J', 0);
        }
        s.token = ObjectIds.of(me.id, me.seq);
        return core.record(me, access.kind(), loc, s.address, read, s.token, 'J', access.concurrent() ? Event.WROTE : 0);
    }

    /** An object whose class's code is instrumented: the class of the object (a view: of the object it views) or its nest host's (an iterator's). */
    private boolean isInstrumented(Followed f) {
        if (instrumented.isEmpty()) {
            return false;
        }
        Class<?> type = jdkClassOf(f.state.owner.getClass());
        return instrumented.contains(type.getName()) || instrumented.contains(type.getNestHost().getName());
    }

    /**
     * A java.util.concurrent object whose code is instrumented runs it for the program from its construction, even while one
     * thread has it: what it makes then (a map's bin nodes, later locked as monitors; a skip list's levels, drawn at random)
     * gets the same ids and seeds in every run of a schedule, which MCR's causal model needs.
     */
    private boolean instrumentedConcurrent(Class<?> type) {
        String name = jdkClassOf(type).getName();
        return name.startsWith("java.util.concurrent.") && instrumented.contains(name);
    }

    /** The class itself, or for a program subclass the JDK superclass whose code it runs. */
    private static Class<?> jdkClassOf(Class<?> type) {
        Class<?> jdk = type;
        while (jdk.getClassLoader() != null && jdk.getSuperclass() != null) {
            jdk = jdk.getSuperclass();
        }
        return jdk;
    }

    /** Instrumented JDK code hands an array to JDK code Weft does not instrument, on the program's behalf ({@code JdkVisitors}). */
    void unseenArrays(int loc) {
        RunThread me = core.enter();
        try {
            if (!core.isOutside(me)) {
                String where = symbols.locations().get(loc).fileAndLine();
                core.recording.incomplete(IncompleteReason.of("jdk-unseen", "JDK code at " + where
                        + " hands an array to JDK code Weft does not instrument: its reads and writes there are no events"));
            }
        } finally {
            core.unlock();
        }
    }

    private static boolean needsTicket(Call call) {
        String descriptor = call.site.descriptor();
        boolean objectResult = descriptor.endsWith(";") || descriptor.charAt(descriptor.indexOf(')') + 1) == '[';
        return call.inJdk || !call.monitors.isEmpty() || call.owed != null || call.site.form() == JdkCallSite.Form.CONSTRUCTOR
                || (objectResult && (call.target != null || !call.arguments.isEmpty()));
    }

    // ------------------------------------------------------------------ returns

    void returned(Object ticket, Object result, int siteId) {
        leaveJdk(ticket);
        RunThread me = core.enter();
        try {
            if (core.isOutside(me)) {
                return;
            }
            Call call = (Call) ticket;
            JdkCallSite site = symbols.calls().get(siteId);
            if (call != null && call.inJdk) {
                recordInside(me, call);
            }
            if (call != null && call.owed != null) {
                boolean unchanged = call.target != null && JdkApi.changedNothing(call.receiver, site.name(), site.descriptor(), result);
                recordEvents(me, call, unchanged ? call.target.state : null);
            }
            adopt(result, call, site, me);
            if (call != null) {
                boolean isVoid = site.descriptor().endsWith(")V") && site.form() != JdkCallSite.Form.CONSTRUCTOR;
                finish(call, isVoid ? "" : " → " + CallText.value(result, core.objects()));
            }
        } finally {
            core.unlock();
        }
    }

    void threw(Object ticket, Throwable failure) {
        leaveJdk(ticket);
        RunThread me = core.enter();
        try {
            Call call = (Call) ticket;
            if (!core.isOutside(me)) {
                if (call.owed != null) {
                    recordEvents(me, call, null);
                }
                if (call.inJdk) {
                    recordInside(me, call);
                }
                finish(call, " threw " + failure.getClass().getSimpleName());
            }
        } finally {
            core.unlock();
        }
    }

    /** The call's line in reports: a read of each instrumented object's state, whose token no call changes. */
    private void recordInside(RunThread me, Call call) {
        for (State state : call.inside) {
            Address address = address(state, me);
            core.recording.initialValue(address, 0L);
            call.events.add(core.record(me, EventKind.READ, call.site.location(), address, 0L, 0, 'J', Event.JDK_CALL_LINE));
        }
    }

    private static void leaveJdk(Object ticket) {
        if (ticket != null && ((Call) ticket).inJdk) {
            JdkBridge.exitCall();
        }
    }

    /** Describes the call (when asked), lets other threads' calls on its states go, then its monitors, the last taken first, each an UNLOCK step. */
    private void finish(Call call, String outcome) {
        if (call.text != null) {
            for (int index : call.events) {
                core.recording.callText(index, call.text + outcome);
            }
        }
        if (call.busy) {
            for (Access a : call.accesses) {
                if (--a.state().busyDepth == 0) {
                    a.state().busyWith = null;
                    a.state().busyIn = null;
                }
            }
        }
        for (int i = call.monitors.size() - 1; i >= 0; i--) {
            locks.monitorExit(call.monitors.get(i), call.site.location());
        }
    }

    /**
     * What a call returned joins what it came from: a view shares the state of what it views; any
     * other object is reachable from the call's receiver (an element of it), from its arguments (a
     * copy of them), or is new and confined to the calling thread.
     */
    private void adopt(Object result, Call call, JdkCallSite site, RunThread me) {
        if (site.form() == JdkCallSite.Form.CONSTRUCTOR) {
            if (call != null) {
                constructed(result, call);
            }
            return;
        }
        if (result == null || JdkApi.safety(result.getClass()) == Safety.NONE) {
            return;
        }
        // Named now, by the thread the JDK handed it to (Collections.synchronizedMap's wrapper), not later by whichever thread
        // touches it first: that name would change with the schedule, and MCR's seeds are solved on one run's names.
        core.objects().id(result, me);
        Followed known = followed.get(result);
        Followed viewed = call == null ? null : viewed(result, call, site);
        if (known == null && viewed != null) {
            if (site.form() == JdkCallSite.Form.STATIC && JdkApi.staticReturnsLockedView(site.owner(), site.name())) {
                followed.put(result, new Followed(viewed.state, Safety.LOCKED, result, false)); // Collections.synchronized*: its own monitor
            } else {
                followAsView(result, viewed, JdkApi.viewSafety(result.getClass(), viewed.safety));
            }
            return;
        }
        Followed f = known != null ? known : follow(result, new Reach(me.id, false));
        if (call == null) {
            return;
        }
        if (call.target != null) {
            call.target.state.reach.reaches(f.state.reach);
        }
        for (Followed a : call.arguments) {
            f.state.reach.reaches(a.state.reach);
        }
    }

    /** The object {@code result} is a view of, if it is one. */
    private static Followed viewed(Object result, Call call, JdkCallSite site) {
        if (call.target != null) {
            return JdkApi.returnsView(call.receiver.getClass(), site.name(), result) ? call.target : null;
        }
        boolean staticView = site.form() == JdkCallSite.Form.STATIC && JdkApi.staticReturnsView(site.owner(), site.name());
        return staticView && !call.arguments.isEmpty() ? call.arguments.get(0) : null;
    }

    /** A new object keeps what its constructor was given: it escapes with a followed object, and at once with any other. */
    private void constructed(Object made, Call call) {
        Followed f = made == null ? null : followed.get(made);
        for (Followed a : call.arguments) {
            if (f != null) {
                f.state.reach.reaches(a.state.reach);
            } else if (!JdkApi.instanceKeepsNothing(call.site.owner())) {
                a.escaped = true;
                a.state.reach.escape();
            }
        }
    }

    // ------------------------------------------------------------------ descriptions

    boolean describes(Object ticket) {
        Call call = (Call) ticket;
        return describes && (call.owed != null || call.inJdk);
    }

    void arguments(Object ticket, Object[] arguments) {
        core.enter();
        try {
            Call call = (Call) ticket;
            call.text = CallText.call(call.site, call.receiver, arguments, core.objects());
        } finally {
            core.unlock();
        }
    }
}
