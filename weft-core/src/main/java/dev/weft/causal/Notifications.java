package dev.weft.causal;

import dev.weft.solver.Formula;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Outcome;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which notify each wake-up from a monitor's wait set takes, when it could not have woken without
 * one (beyond the papers, which give a wake-up the notify of the trace). JLS 17.2.2 lets a notify
 * wake any waiter present, and the runtime decides late ({@code runtime.WaitSet}: a waiter takes
 * the oldest notification it may), so a set of wake-ups can happen as the trace shows them exactly
 * when each can be given a notify of its own: one after its WAIT and before it (a notifyAll serves
 * every waiter present). That is a matching of wake-ups to notifies, which the order alone cannot
 * say: the solver chooses it with one free boolean per (wake-up, notify) pair, an order atom
 * between two variables no event constrains, and no notify goes to two wake-ups. Where such a
 * matching exists, the runtime's oldest-first choice finds one (the greedy order of interval-point
 * matching), so a seed built on it runs as solved.
 *
 * <p>A wake-up that may return spuriously needs no notify; a held one ({@link Event#HELD}) needs one
 * or the write that releases it, so it takes part in the matching; one from a {@code Condition}
 * keeps the trace's (its signal goes to the longest waiter, {@link MustHappenBefore#keepsItsNotify}).
 */
final class Notifications {
    private final Trace trace;
    private final MustHappenBefore mhb;
    private final OrderAtoms atoms;
    /** For each wake-up from a monitor that cannot return spuriously, or only once released ({@link Event#HELD}): the notifies it may take, by trace index. */
    private final Map<Integer, List<Integer>> candidates = new LinkedHashMap<>();
    /** For each (wake-up, single notify) pair: the two variables whose order is the choice. */
    private final Map<Long, int[]> choices = new HashMap<>();
    private int nextVariable;

    /** @param firstVariable the first order variable no event or virtual read uses */
    Notifications(Trace trace, MustHappenBefore mhb, int firstVariable, OrderAtoms atoms) {
        this.trace = trace;
        this.mhb = mhb;
        this.atoms = atoms;
        this.nextVariable = firstVariable;
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.WAKE && e.waitSet() == 0 && (!e.has(Event.MAY_WAKE_SPURIOUSLY) || e.has(Event.HELD))) {
                candidates.put(e.index(), notifiesFor(e));
            }
        }
    }

    /** Whether a wake-up returned as notified and could not have returned without a notify. */
    static boolean needsOne(Event wake) {
        return wake.kind() == EventKind.WAKE && wake.outcome() == Outcome.NORMAL && !wake.has(Event.MAY_WAKE_SPURIOUSLY);
    }

    /** Whether {@code wake} is one whose notify the solver chooses here. */
    boolean chooses(int wake) {
        return candidates.containsKey(wake);
    }

    private List<Integer> notifiesFor(Event wake) {
        int wait = mhb.waitBefore(wake.index());
        List<Integer> notifies = new ArrayList<>();
        for (Event n : trace.events()) {
            if (n.kind() == EventKind.NOTIFY && n.address().equals(wake.address()) && n.value() == 0
                    && !mhb.precedes(n.index(), wait) && !mhb.precedes(wake.index(), n.index())) {
                notifies.add(n.index());
            }
        }
        return notifies;
    }

    /** The variables of the choice that {@code wake} takes the single notify {@code notify}. */
    private int[] choice(int wake, int notify) {
        return choices.computeIfAbsent(((long) wake << 32) | notify, k -> new int[] {nextVariable++, nextVariable++});
    }

    /** {@code wake} takes a notify after its WAIT and before {@code anchor} (the wake-up itself, or the cut for a seed's target). */
    Formula takes(int wake, int anchor) {
        int wait = mhb.waitBefore(wake);
        List<Formula> options = new ArrayList<>();
        for (int notify : candidates.get(wake)) {
            List<Formula> parts = new ArrayList<>(List.of(atoms.before(wait, notify), atoms.before(notify, anchor)));
            if (!trace.get(notify).has(Event.BROADCAST)) {
                int[] chosen = choice(wake, notify);
                parts.add(atoms.before(chosen[0], chosen[1]));
            }
            options.add(CausalModel.all(parts));
        }
        return CausalModel.any(options);
    }

    /** No single notify goes to two wake-ups. */
    List<Formula> exclusive() {
        Map<Integer, List<Integer>> takers = new LinkedHashMap<>();
        candidates.forEach((wake, notifies) -> notifies.stream().filter(n -> !trace.get(n).has(Event.BROADCAST))
                .forEach(n -> takers.computeIfAbsent(n, k -> new ArrayList<>()).add(wake)));
        List<Formula> constraints = new ArrayList<>();
        takers.forEach((notify, wakes) -> {
            for (int i = 0; i < wakes.size(); i++) {
                for (int j = i + 1; j < wakes.size(); j++) {
                    int[] a = choice(wakes.get(i), notify);
                    int[] b = choice(wakes.get(j), notify);
                    constraints.add(CausalModel.any(List.of(atoms.before(a[1], a[0]), atoms.before(b[1], b[0]))));
                }
            }
        });
        return constraints;
    }

    /** The notify {@code wake} takes in a solver's order ({@code position} per variable), the window ending at {@code anchor}; -1 if none. */
    int takenIn(int wake, int[] position, int anchor) {
        int wait = mhb.waitBefore(wake);
        for (int notify : candidates.getOrDefault(wake, List.of())) {
            boolean chosen = trace.get(notify).has(Event.BROADCAST) || chosenIn(choice(wake, notify), position);
            if (chosen && position[wait] < position[notify] && position[notify] < position[anchor]) {
                return notify;
            }
        }
        return -1;
    }

    private static boolean chosenIn(int[] choice, int[] position) {
        return choice[0] < position.length && choice[1] < position.length && position[choice[0]] < position[choice[1]];
    }

    /** The first variable the choices have not taken. */
    int nextFreeVariable() {
        return nextVariable;
    }
}
