package dev.weft.causal;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.OrderSolver;
import dev.weft.trace.Address;
import dev.weft.trace.BusyWait;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Outcome;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The maximal causal model of one trace as order constraints over one variable per event
 * (mcr-systematic-testing §3.2; mcr-tso-pso §2.3 and, for TSO/PSO, §4.1): must-happen-before,
 * lock mutual exclusion and data validity, plus the queries for new seeds (§3.3).
 *
 * <p>Departure from the papers' recursive Φ_validity: one extra order variable, the <em>cut</em>
 * (numbered {@code trace.size()}), marks the end of the seed prefix. Every read ordered before the
 * cut must return its trace value through a write visible before it, with no other write in
 * between. Because every write a prefix read uses is itself before the cut, and everything that
 * must happen before that write is too, this says exactly what the recursive formula says (every
 * read that must happen before the chosen write or the read is valid), without the formula cycles
 * the recursion meets when a value is written more than once, and with constraints that do not
 * depend on the query, so the solver takes them once per trace. Lock constraints only bind pairs
 * whose acquires both fall before the cut, so what happens after the prefix never makes a seed
 * unsatisfiable.
 *
 * <p>Prefix preservation (mcr-tso-pso §2.2, "the prefix of each newly explored interleaving is
 * always preserved"): the {@code fixed} events of the trace are the ones the run's seed forced;
 * every seed built from this trace keeps them before the cut, so their reads keep their values,
 * and reads among them are not targets. Departure: the paper keeps the prefix's order too;
 * keeping only its events and values leaves the solver free to reorder them, without which a later
 * seed can miss a state that needs two of them the other way round (a final value, for instance).
 * Second departure: a new value or outcome that no order keeping the fixed prefix before the cut
 * allows is asked for once more with the fixed events free to follow the cut ({@link #prefixKept}).
 * The prefix holds an earlier seed's choices, not what the state needs: a thread that read a value
 * inside a critical section and, with the older value it could read before a fixed holding of the
 * lock, would have released the lock at once (a retry, a wait), reaches that state only with the
 * fixed holding after its read. Without the second question MCR said "every behaviour covered"
 * on programs whose bug needs such a state (examples.crosscheck.RetryAfterRelease, WaitedThenOvertaken).
 *
 * <p>Beyond the papers: the final value of every written address is part of a run's outcome, but
 * no read observes it. The model adds one virtual read per such address, numbered after the cut,
 * made by an observer that runs after every event and reads the addresses one after another; seeds
 * for them reorder the whole trace, and, as for real reads, the later ones keep the earlier ones'
 * values, so combinations of final values are reached too.
 */
public final class CausalModel {
    /**
     * The largest model built in full, in order atoms ({@link #encodingSize()}; a few hundred bytes
     * each in the solver): lock exclusion and Φ_value grow quadratically with contended holdings and
     * racing writes, and a long trace of them would exhaust memory. MCR builds larger models
     * {@link #encodeLazily lazily}; race prediction skips them.
     */
    public static final long LARGEST_ENCODING = 4_000_000;

    private final Trace trace;
    private final BitSet fixed;
    private final int fixedFinalReads;
    private final int cut;
    private final MustHappenBefore mhb;
    private final Map<Address, List<LockPair>> locks;
    private final LockHoldings holdings;
    private final ReadSources sources;
    private final Map<Long, Formula> atoms = new HashMap<>();
    private final SpinGuards spinGuards;
    /** Addresses observed by the virtual final reads, numbered {@code cut + 1 + i}. */
    private final List<Address> finalReads = new ArrayList<>();
    private final Map<Address, Long> finalValues;
    private int[] ordinals;
    private List<Integer> targetReads;
    /** See {@link #encodeLazily}. */
    private boolean lazy;
    private PrefixPast prefixPast;
    /** Keys of the left-out constraints added so far: a read's index, or {@code -1 - (first acquire << 32 | second acquire)}. */
    private final Set<Long> refined = new HashSet<>();
    private final Notifications notifications;
    private final BlockingSteps blocking;
    /** The run's end as an event, when one of the run's events ended it; else null. */
    private final EndOrder endOrder;

    public CausalModel(Trace trace, MemoryModel memoryModel, BitSet fixed, int fixedFinalReads) {
        this(trace, memoryModel, fixed, fixedFinalReads, EndProgress.NONE);
    }

    /**
     * @param fixed           the trace indices of the events the run's seed forced
     *                        ({@link #forcedEvents} of {@link Seed#forced()}; empty for a first run)
     * @param fixedFinalReads how many of the virtual final reads the run's seed fixed (see {@link Seed#finalReadsFixed()})
     * @param progress        the progress at the run's end the run's seed fixed ({@link Region#endProgress()}):
     *                        the end comes right after the stopped threads' last events in every seed of this trace
     */
    public CausalModel(Trace trace, MemoryModel memoryModel, BitSet fixed, int fixedFinalReads, EndProgress progress) {
        if (fixed.length() > trace.size()) {
            throw new IllegalArgumentException("a seed of " + fixed.length() + " choices fixes more than the " + trace.size()
                    + " events of its run");
        }
        this.trace = trace;
        this.fixed = fixed;
        this.fixedFinalReads = fixedFinalReads;
        this.cut = trace.size();
        this.mhb = new MustHappenBefore(trace, memoryModel);
        this.holdings = new LockHoldings(trace);
        this.locks = holdings.byLock();
        this.sources = new ReadSources(trace, mhb, this);
        this.spinGuards = new SpinGuards(trace, mhb, sources::writesTo);
        this.finalValues = finalValues(trace);
        finalReads.addAll(finalReadOrder(finalValues));
        this.notifications = new Notifications(trace, mhb, cut + 1 + finalReads.size(), this::atom);
        this.blocking = new BlockingSteps(trace, mhb, locks, notifications, this::atom, this::readsValue, heldWaits());
        this.endOrder = trace.ending() == null ? null : new EndOrder(this, trace.ending(), progress);
    }

    /** What a held wait or park needs to return spuriously ({@link BusyWait}): the model's view for {@link BlockingSteps}. */
    private BlockingSteps.HeldWaits heldWaits() {
        return new BlockingSteps.HeldWaits() {
            @Override
            public List<int[]> guard(int step) {
                return spinGuards.heldWaitGuard(step);
            }

            @Override
            public Formula released(int step, int anchor) {
                return any(justified(spinGuards.heldWaitGuard(step), anchor));
            }
        };
    }

    /** Whether the busy-wait rule lets {@code event} happen before {@code anchor}: always, but for a LOOP event. */
    private Formula spinUnblocked(int event, int anchor) {
        List<int[]> guard = spinGuards.loopGuard(event);
        return guard == null ? Formula.TRUE : any(justified(guard, anchor));
    }

    private List<Formula> justified(List<int[]> options, int anchor) {
        List<Formula> choices = new ArrayList<>();
        for (int[] option : options) {
            int visible = mhb.visibility(option[1]);
            choices.add(all(List.of(atom(option[0], visible), visibleBefore(visible, anchor))));
        }
        return choices;
    }

    /** For a LOOP event: the (first read, write) pairs of which one justifies it; null for other events. */
    List<int[]> loopGuard(int event) {
        return spinGuards.loopGuard(event);
    }

    public Trace trace() {
        return trace;
    }

    /**
     * The trace indices of the events a seed's forced choices performed: the {@link Event#CHOSEN}
     * event of each forced choice, and every event no choice of its own performed (a child's
     * BEGIN, drained flushes) that precedes the last of them.
     */
    public static BitSet forcedEvents(Trace trace, BitSet forcedChoices) {
        BitSet events = new BitSet();
        int choice = 0;
        int last = -1;
        for (Event e : trace.events()) {
            if (e.has(Event.CHOSEN) && forcedChoices.get(choice++)) {
                events.set(e.index());
                last = e.index();
            }
        }
        for (int i = 0; i < last; i++) {
            if (!trace.get(i).has(Event.CHOSEN)) {
                events.set(i);
            }
        }
        return events;
    }

    /** True for the events the run's seed forced. */
    public boolean isFixed(int event) {
        return fixed.get(event);
    }

    /** Whether the run's seed forced any event. */
    boolean hasFixed() {
        return !fixed.isEmpty();
    }

    /**
     * Prefix preservation, asked as assumptions rather than kept in the base constraints: every fixed event before the
     * cut. {@link Seeds#generate} asks each query with them, and a value or outcome query they make unsatisfiable once
     * more without them (see the class comment).
     */
    public List<Formula> prefixKept() {
        List<Formula> kept = new ArrayList<>();
        for (int e = fixed.nextSetBit(0); e >= 0; e = fixed.nextSetBit(e + 1)) {
            kept.add(atom(e, cut));
        }
        return kept;
    }

    /** The order variable that separates the seed prefix from the rest. */
    public int cut() {
        return cut;
    }

    /**
     * About how many order atoms {@link #baseConstraints()} holds: lock exclusion is quadratic in
     * the holdings of one lock, Φ_value in the writes racing with one read. Lets MCR refuse a trace
     * whose model would not fit in memory ({@link #LARGEST_ENCODING}) instead of asking about it.
     */
    public long encodingSize() {
        long size = 0;
        for (int e = 0; e < trace.size(); e++) {
            size += mhb.predecessors(e).length;
            if (trace.get(e).readsLocation()) {
                long racing = sources.of(e).count();
                size += racing * racing + 1;
            }
        }
        for (List<LockPair> holdings : locks.values()) {
            Map<Integer, Long> perThread = new HashMap<>();
            holdings.forEach(h -> perThread.merge(h.thread(), 1L, Long::sum));
            long pairs = (long) holdings.size() * holdings.size();
            for (long n : perThread.values()) {
                pairs -= n * n;
            }
            size += pairs / 2 * 4;
        }
        return size;
    }

    /**
     * Must-happen-before, lock exclusion, validity of every read before the cut, and the fixed
     * prefix; in a {@link #encodeLazily lazy} model without the lock exclusions and the validity of
     * plain reads, which {@link #check} adds when an answer breaks them.
     */
    public List<Formula> baseConstraints() {
        List<Formula> base = new ArrayList<>();
        for (int e = 0; e < trace.size(); e++) {
            for (int p : mhb.predecessors(e)) {
                base.add(atom(p, e));
            }
        }
        for (List<LockPair> pairs : lazy ? List.<List<LockPair>>of() : locks.values()) {
            for (int i = 0; i < pairs.size(); i++) {
                for (int j = i + 1; j < pairs.size(); j++) {
                    Formula exclusion = exclusion(pairs.get(i), pairs.get(j));
                    if (exclusion != Formula.TRUE) {
                        base.add(exclusion);
                    }
                }
            }
        }
        for (int[] waitNotifyWake : mhb.notifiedWaits()) {
            if (MustHappenBefore.keepsItsNotify(trace.get(waitNotifyWake[2]))) {
                base.add(any(List.of(atom(waitNotifyWake[0], waitNotifyWake[1]), atom(cut, waitNotifyWake[2]))));
            }
        }
        base.addAll(callsKeptWhole());
        base.addAll(notifications.exclusive());
        for (Event e : trace.events()) {
            if (e.readsLocation() && !(lazy && isPlainRead(e.index()))) {
                base.add(validity(e.index()));
            } else if (spinGuards.loopGuard(e.index()) != null) {
                base.add(any(List.of(atom(cut, e.index()), spinUnblocked(e.index(), e.index()))));
            }
            if (BlockingSteps.isStep(e)) {
                Formula returns = blocking.returnsAsTraced(e.index());
                if (returns != Formula.TRUE) {
                    base.add(any(List.of(atom(cut, e.index()), returns)));
                }
            }
        }
        for (int i = 0; i < finalReads.size(); i++) {
            int read = cut + 1 + i;
            if (i == 0) {
                for (int e = 0; e < trace.size(); e++) {
                    base.add(atom(e, read));
                }
            } else {
                base.add(atom(read - 1, read));
            }
            Formula valid = readsValue(read, valueRead(read), read);
            base.add(i < fixedFinalReads ? valid : any(List.of(atom(cut, read), valid)));
        }
        for (int e = 0; e < trace.size(); e++) {
            // Mentions every event, so the solver's order places each one; the fixed prefix is asked for apart (prefixKept).
            base.add(any(List.of(atom(e, cut), atom(cut, e))));
        }
        if (endOrder != null) {
            base.addAll(endOrder.baseConstraints());
        }
        return base;
    }

    /**
     * Beyond the papers: a JDK call on the state of several objects ({@code a.addAll(b)}) is one step
     * with one event per object, recorded one after the other, so no other thread's access that
     * conflicts with one of the later events can fall between the step's first event and it.
     */
    private List<Formula> callsKeptWhole() {
        List<Formula> whole = new ArrayList<>();
        Map<Address, List<Event>> accesses = null;
        for (Event later : trace.events()) {
            int first = firstEventOfCall(later);
            if (first == later.index()) {
                continue;
            }
            if (accesses == null) {
                accesses = new HashMap<>();
                for (Event e : trace.events()) {
                    if (e.accessesMemory()) {
                        accesses.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(e);
                    }
                }
            }
            for (Event other : accesses.get(later.address())) {
                if (other.thread() != later.thread() && (other.wrote() || later.wrote())) {
                    whole.add(any(List.of(atom(other.index(), first), atom(later.index(), other.index()))));
                }
            }
        }
        return whole;
    }

    /** The first event of the JDK call step {@code e} belongs to: {@code e} itself unless it follows one of the call's events right in the trace. */
    private int firstEventOfCall(Event e) {
        int first = e.index();
        while (first > 0 && isLaterEventOfCall(trace.get(first), trace.get(first - 1))) {
            first--;
        }
        return first;
    }

    private static boolean isLaterEventOfCall(Event e, Event before) {
        return !e.has(Event.CHOSEN) && e.address() != null && e.address().kind() == Address.Kind.OBJECT_STATE
                && before.thread() == e.thread() && before.location() == e.location() && before.address() != null
                && before.address().kind() == Address.Kind.OBJECT_STATE;
    }

    /**
     * A read before the cut returns its trace value — except a read that may be a seed's target
     * inside the prefix ({@link #mayBeTargetInPrefix}) while it is its thread's last operation
     * there: its value is then the query's business.
     */
    private Formula validity(int read) {
        List<Formula> options = new ArrayList<>(List.of(atom(cut, read), heldToTraceValue(read)));
        if (mayBeTargetInPrefix(read)) {
            options.add(lastOfItsThreadInPrefix(read));
        }
        return any(options);
    }

    private Formula heldToTraceValue(int read) {
        return readsValue(read, trace.get(read).value(), read);
    }

    /**
     * Whether a new-value seed may place {@code read} inside its prefix, as its thread's last
     * operation there, so that events the run's seed forced can follow it. Departure from
     * mcr-tso-pso §2.2's prefix preservation, which keeps the forced prefix before every new read:
     * a state that needs the new value before one of the forced events (Peterson under SC: a
     * thread reads the other's flag as lowered before the other's forced write of its own flag)
     * is otherwise reached by no seed. Not for a forced read (it keeps its value), a read that
     * also writes (what it writes would change with what it reads), or a thread's last operation.
     */
    private boolean mayBeTargetInPrefix(int read) {
        EventKind kind = trace.get(read).kind();
        return !fixed.get(read) && kind != EventKind.ATOMIC_RMW && kind != EventKind.PARK
                && (mhb.nextInThread(read) >= 0 || endOrder != null && endOrder.cutsOffAfter(read));
    }

    /** The thread's next operation after {@code read} comes after the cut (a thread the fixed end cuts off after it has none). */
    private Formula lastOfItsThreadInPrefix(int read) {
        int next = mhb.nextInThread(read);
        return next < 0 ? Formula.TRUE : atom(cut, next);
    }

    /** A read whose validity only asks which write is visible last before it: no store forwarding. */
    private boolean isPlainRead(int read) {
        return mhb.forwardingSource(read) < 0;
    }

    /**
     * Builds this model lazily (beyond the papers; for traces whose full model would not fit in
     * memory): {@link #baseConstraints} leave out lock exclusion and the validity of plain reads,
     * {@link #check} adds the ones a solver's answer breaks and asks again (counterexample-guided
     * refinement, so an answer is one of the full model). Call before anything else.
     */
    public void encodeLazily() {
        lazy = true;
    }

    /** Built on first use: only queries need it, and a model built to predict races asks none. */
    private PrefixPast prefixPast() {
        if (prefixPast == null) {
            prefixPast = new PrefixPast(mhb, trace.size(), sources::onlySourceVisibility);
        }
        return prefixPast;
    }

    /**
     * Asks {@code solver} (holding {@link #baseConstraints}) whether {@code assumptions} hold in the
     * model. In a lazy model, until the answer satisfies every constraint left out, the ones it
     * breaks are added for good and the question is asked again; each round adds a constraint,
     * and there are finitely many.
     */
    public Answer check(OrderSolver solver, List<Formula> assumptions, QueryLimits limits) {
        while (true) {
            Answer answer = solver.check(assumptions, limits);
            if (!lazy || !answer.isSat()) {
                return answer;
            }
            List<Formula> broken = brokenBy(answer.order());
            if (broken.isEmpty()) {
                return answer;
            }
            broken.forEach(solver::add);
        }
    }

    /**
     * The left-out constraints {@code order} breaks, not added before: walking the events before the
     * cut, a plain read whose address's last visible write (or the initial value) is not its trace
     * value (unless it is a possible target as its thread's last operation there), and an acquire of a lock another thread's holding still holds. These are exactly the
     * events where the left-out formulas are false, for an order that keeps must-happen-before.
     */
    private List<Formula> brokenBy(int[] order) {
        Map<Address, Long> lastVisible = new HashMap<>();
        Map<Address, List<LockPair>> open = new HashMap<>();
        List<Formula> broken = new ArrayList<>();
        BitSet beforeCut = new BitSet();
        for (int e : order) {
            if (e == cut) {
                break;
            }
            beforeCut.set(e);
        }
        for (int e : order) {
            if (e == cut) {
                break;
            }
            if (e > cut) {
                continue;
            }
            Event event = trace.get(e);
            if (event.readsLocation() && isPlainRead(e)) {
                Long seen = lastVisible.containsKey(event.address()) ? lastVisible.get(event.address()) : trace.initialValue(event.address());
                int next = mhb.nextInThread(e);
                boolean free = mayBeTargetInPrefix(e) && (next < 0 || !beforeCut.get(next));
                if (!free && (seen == null || seen != event.value())) {
                    broken.add(refinement(e, () -> validity(e)));
                }
            }
            int write = writeMadeVisibleBy(e);
            if (write >= 0) {
                lastVisible.put(trace.get(write).address(), trace.get(write).locationValue());
            }
            LockPair released = holdings.releasedBy(e);
            if (released != null) {
                open.get(released.lock()).remove(released);
            }
            LockPair acquired = holdings.acquiredBy(e);
            if (acquired != null) {
                List<LockPair> holders = open.computeIfAbsent(acquired.lock(), l -> new ArrayList<>());
                for (LockPair holder : holders) {
                    if (holder.excludes(acquired)) {
                        broken.add(refinement(-1 - ((long) holder.acquire() << 32 | acquired.acquire()), () -> exclusion(holder, acquired)));
                    }
                }
                holders.add(acquired);
            }
        }
        return broken;
    }

    /** The left-out constraint named {@code key}, which must not have been added before (the solver would have broken it). */
    private Formula refinement(long key, Supplier<Formula> constraint) {
        if (!refined.add(key)) {
            throw new IllegalStateException("the solver's order breaks a constraint it was given (" + key + ")");
        }
        return constraint.get();
    }

    /** The holding whose outermost acquire {@code event} is, or null. */
    LockPair holdingAcquiredBy(int event) {
        return holdings.acquiredBy(event);
    }

    /** The holding {@code event} releases, or null. */
    LockPair holdingReleasedBy(int event) {
        return holdings.releasedBy(event);
    }

    /** The write whose visibility event {@code event} is (the write itself, or its FLUSH), or -1. */
    int writeMadeVisibleBy(int event) {
        Event e = trace.get(event);
        int write = e.kind() == EventKind.FLUSH ? e.flushedWrite() : event;
        Event w = trace.get(write);
        return w.kind() != EventKind.FLUSH && w.writesLocation() && mhb.visibility(write) == event ? write : -1;
    }

    /** Two holdings of one lock do not overlap, unless one of them starts after the prefix. */
    private Formula exclusion(LockPair a, LockPair b) {
        if (!a.excludes(b)) {
            return Formula.TRUE;
        }
        List<Formula> options = new ArrayList<>();
        for (LockPair[] order : new LockPair[][] {{a, b}, {b, a}}) {
            LockPair first = order[0];
            LockPair second = order[1];
            if (first.release() >= 0) {
                if (mhb.precedes(first.release(), second.acquire())) {
                    return Formula.TRUE;
                }
                options.add(atom(first.release(), second.acquire()));
            }
        }
        options.add(atom(cut, a.acquire()));
        options.add(atom(cut, b.acquire()));
        return any(options);
    }

    /**
     * Whether a lock a thread ended with was taken, by it or by another thread, through the re-acquire after a wait: the
     * queries do not ask for the orders that involves, so the exploration cannot be counted complete.
     */
    public boolean abandonsALockAcquiredByAWake() {
        return holdings.abandonedOneTakenByAWake();
    }

    /** Each event's position among its thread's operations; a flush takes its write's. Computed once: every seed names its events by it. */
    int[] ordinals() {
        if (ordinals == null) {
            ordinals = ordinals(trace);
        }
        return ordinals;
    }

    static int[] ordinals(Trace trace) {
        int[] ordinals = new int[trace.size()];
        Map<Integer, Integer> next = new HashMap<>();
        for (Event e : trace.events()) {
            ordinals[e.index()] = e.kind() == EventKind.FLUSH ? ordinals[e.flushedWrite()] : next.merge(e.thread(), 1, Integer::sum) - 1;
        }
        return ordinals;
    }

    /** Memory reads the run's seed did not force, and the final reads it did not fix: the reads a seed may give a new value. */
    public List<Integer> targetReads() {
        if (targetReads != null) {
            return targetReads;
        }
        List<Integer> reads = new ArrayList<>();
        for (int e = 0; e < trace.size(); e++) {
            if (!fixed.get(e) && trace.get(e).readsLocation() && trace.get(e).kind() != EventKind.PARK) {
                reads.add(e);
            }
        }
        for (int i = fixedFinalReads; i < finalReads.size(); i++) {
            reads.add(cut + 1 + i);
        }
        targetReads = List.copyOf(reads);
        return targetReads;
    }

    /** The values other than its own that {@code read}'s address holds at some point of the trace (initial value included), ascending. */
    public List<Long> otherValues(int read) {
        ReadSources.Sources possible = sources.possible(read, prefixPast());
        TreeSet<Long> values = new TreeSet<>();
        Long initial = trace.initialValue(addressRead(read));
        if (initial != null && possible.initialPossible()) {
            values.add(initial);
        }
        for (int w : possible.writes()) {
            values.add(trace.get(w).locationValue());
        }
        values.remove(valueRead(read));
        return new ArrayList<>(values);
    }

    /** The addresses the virtual final reads observe, in their order. */
    List<Address> finalReadAddresses() {
        return finalReads;
    }

    /** How many virtual final reads a seed targeting {@code read} fixes for the run it starts. */
    public int finalReadsFixedBy(int read) {
        return isFinalRead(read) ? read - cut : 0;
    }

    /** True for the virtual reads of final values, which no thread performs. */
    public boolean isFinalRead(int read) {
        return read > cut;
    }

    Address addressRead(int read) {
        return isFinalRead(read) ? finalReads.get(read - cut - 1) : trace.get(read).address();
    }

    long valueRead(int read) {
        return isFinalRead(read) ? finalValues.get(addressRead(read)) : trace.get(read).value();
    }

    /** Must-happen-before with the virtual final reads after every event, in their order. */
    boolean precedes(int a, int b) {
        if (isFinalRead(b)) {
            return !isFinalRead(a) || a < b;
        }
        return !isFinalRead(a) && mhb.precedes(a, b);
    }

    /**
     * Every seed query of this trace: each two-thread lock inversion, each lost notify, a new value
     * for each target read, another way to return for each blocking step, then the run's end before
     * each step it may cut off and each cut-off step before the end ({@link EndOrder}).
     */
    public List<SeedQuery> queries() {
        List<SeedQuery> queries = new ArrayList<>(holdings.inversions(fixed));
        queries.addAll(holdings.abandonedFirst(fixed));
        for (int[] waitNotifyWake : mhb.notifiedWaits()) {
            if (!fixed.get(waitNotifyWake[0]) && !fixed.get(waitNotifyWake[1])) {
                queries.add(new SeedQuery.LostNotify(waitNotifyWake[0], waitNotifyWake[1]));
            }
        }
        for (int read : targetReads()) {
            for (long value : otherValues(read)) {
                queries.add(new SeedQuery.NewValue(read, value));
            }
        }
        for (Event e : trace.events()) {
            if (!fixed.get(e.index()) && BlockingSteps.isStep(e)) {
                for (Outcome outcome : blocking.alternatives(e.index())) {
                    queries.add(new SeedQuery.NewOutcome(e.index(), outcome));
                }
            }
        }
        if (endOrder != null) {
            queries.addAll(endOrder.queries());
        }
        return queries;
    }

    /** The addresses of the virtual final reads, in their order: by address, not by first write, so that a run reordering this trace numbers them alike. */
    static List<Address> finalReadOrder(Map<Address, Long> finalValues) {
        List<Address> order = new ArrayList<>(finalValues.keySet());
        order.sort(Comparator.comparing(Address::kind).thenComparingLong(Address::object).thenComparingInt(Address::slot));
        return order;
    }

    /**
     * The value each written address holds at the end of the trace: its last visible write's.
     */
    static Map<Address, Long> finalValues(Trace trace) {
        Map<Address, Long> finals = new LinkedHashMap<>();
        for (Event e : trace.events()) {
            boolean visible = e.kind() == EventKind.FLUSH || e.kind() != EventKind.FLUSH && e.wrote() && !e.has(Event.BUFFERED);
            if (visible && isMemory(e)) {
                finals.put(e.address(), e.writtenValue());
            }
        }
        return finals;
    }

    /** The assumptions that, with the base constraints, ask for {@code query}. */
    public List<Formula> assumptions(SeedQuery query) {
        List<Formula> assumptions = new ArrayList<>();
        if (query instanceof SeedQuery.NewValue q) {
            // The read comes right after the prefix, everything it needs before it, and the write it reads is in the prefix.
            if (q.read() == cut + 1) {
                assumptions.add(atom(cut, q.read()));
                for (int e = 0; e < trace.size(); e++) {
                    assumptions.add(atom(e, cut));
                }
            } else if (isFinalRead(q.read())) {
                assumptions.add(atom(cut, q.read()));
                assumptions.add(atom(q.read() - 1, cut));
            } else if (mayBeTargetInPrefix(q.read())) {
                // The read is its thread's last operation in the prefix; forced events may follow it there.
                assumptions.add(atom(q.read(), cut));
                assumptions.add(lastOfItsThreadInPrefix(q.read()));
                assumptions.add(readsValue(q.read(), q.value(), q.read()));
                return assumptions;
            } else {
                assumptions.addAll(nextAfterPrefix(q.read()));
            }
            assumptions.add(readsValue(q.read(), q.value(), cut));
        } else if (query instanceof SeedQuery.NewOutcome q) {
            assumptions.addAll(blocking.asTarget(q.step(), q.outcome(), cut));
            for (int p : mhb.predecessorsOfAnyReturn(q.step())) {
                assumptions.add(heldIfTarget(p));
            }
        } else if (query instanceof SeedQuery.Race q) {
            assumptions.addAll(nextAfterPrefix(q.first()));
            assumptions.addAll(nextAfterPrefix(q.second()));
        } else if (query instanceof SeedQuery.LockInversion q) {
            for (int acquire : new int[] {q.first(), q.second()}) {
                assumptions.add(atom(mhb.previousInThread(acquire), cut));
                assumptions.add(atom(cut, acquire));
                assumptions.add(heldIfTarget(mhb.previousInThread(acquire)));
            }
            assumptions.add(runGoesOn());
        } else if (query instanceof SeedQuery.AbandonedLockFirst q) {
            assumptions.add(atom(q.abandoned(), cut));
            assumptions.add(atom(mhb.previousInThread(q.waiting()), cut));
            assumptions.add(atom(cut, q.waiting()));
            assumptions.add(heldIfTarget(mhb.previousInThread(q.waiting())));
            assumptions.add(runGoesOn());
        } else if (query instanceof SeedQuery.EndBefore q) {
            assumptions.addAll(endOrder.assumptions(q));
        } else if (query instanceof SeedQuery.StepBeforeEnd) {
            throw new IllegalArgumentException("a cut-off step's seed is the run's own order, not a solver's answer");
        } else {
            SeedQuery.LostNotify q = (SeedQuery.LostNotify) query;
            assumptions.add(atom(q.notifyEvent(), q.waitEvent()));
            assumptions.add(atom(q.waitEvent(), cut));
        }
        return assumptions;
    }

    /**
     * The conditions under which {@code event} is its thread's next step right after the prefix:
     * it comes after the cut, everything it must follow comes before it, and the busy-wait rule
     * lets it happen there.
     */
    List<Formula> nextAfterPrefix(int event) {
        List<Formula> parts = new ArrayList<>();
        parts.add(atom(cut, event));
        for (int p : mhb.predecessors(event)) {
            parts.add(atom(p, cut));
            parts.add(heldIfTarget(p));
        }
        parts.add(spinUnblocked(event, cut));
        parts.add(runGoesOn());
        return parts;
    }

    /** The run does not end inside the prefix: something happens after it. */
    private Formula runGoesOn() {
        return endOrder == null ? Formula.TRUE : endOrder.goesOn();
    }

    /** The run's end as an event, or null when none of the run's events ended it (a deadlock, a limit). */
    EndOrder endOrder() {
        return endOrder;
    }

    /** Whether the run's seed fixed the run's end, which every seed of this trace then keeps in its prefix. */
    boolean endFixed() {
        return endOrder != null && isFixed(endOrder.end());
    }

    /** The progress at the run's end the run's seed fixed, which every seed of this trace keeps. */
    EndProgress endProgress() {
        return endOrder == null ? EndProgress.NONE : endOrder.progress();
    }

    /** For a query's root that {@link #validity} leaves free as a possible target: it returns its trace value. */
    Formula heldIfTarget(int event) {
        return event >= 0 && trace.get(event).readsLocation() && mayBeTargetInPrefix(event) ? heldToTraceValue(event) : Formula.TRUE;
    }

    /** Φ_value ({@link ReadSources#readsValue}): the read returns {@code value} through a write visible before {@code anchor}. */
    private Formula readsValue(int read, long value, int anchor) {
        return sources.readsValue(read, value, anchor);
    }

    Formula visibleBefore(int event, int anchor) {
        return anchor != cut && precedes(event, anchor) ? Formula.TRUE : atom(event, anchor);
    }

    /** {@code O_a < O_b}, one shared object per pair so the solver encodes it once. */
    Formula atom(int a, int b) {
        return atoms.computeIfAbsent(((long) a << 32) | b, k -> Formula.before(a, b));
    }

    static Formula all(List<Formula> parts) {
        return simplified(parts, Formula.FALSE, Formula.TRUE, Formula::and);
    }

    static Formula any(List<Formula> parts) {
        return simplified(parts, Formula.TRUE, Formula.FALSE, Formula::or);
    }

    /** Joins {@code parts}, dropping {@code neutral} ones; {@code absorbing} if any part is. */
    private static Formula simplified(List<Formula> parts, Formula absorbing, Formula neutral,
                                      Function<List<Formula>, Formula> join) {
        List<Formula> kept = new ArrayList<>();
        for (Formula part : parts) {
            if (part == absorbing) {
                return absorbing;
            }
            if (part != neutral) {
                kept.add(part);
            }
        }
        return kept.isEmpty() ? neutral : join.apply(kept);
    }

    /** An event at a location of the program's memory (not a thread's interrupt status or park permit). */
    private static boolean isMemory(Event e) {
        return e.address() != null && e.address().isMemory();
    }

    MustHappenBefore mustHappenBefore() {
        return mhb;
    }

    BlockingSteps blockingSteps() {
        return blocking;
    }

    Map<Address, List<LockPair>> locks() {
        return locks;
    }

    List<Integer> writesTo(Address address) {
        return sources.writesTo(address);
    }
}
