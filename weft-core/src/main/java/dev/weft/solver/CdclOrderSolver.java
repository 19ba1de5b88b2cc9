package dev.weft.solver;

import static dev.weft.solver.Literals.isNegative;
import static dev.weft.solver.Literals.negate;
import static dev.weft.solver.Literals.negative;
import static dev.weft.solver.Literals.positive;
import static dev.weft.solver.Literals.variable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A dedicated {@link OrderSolver}: a CDCL SAT solver over the formulas' atoms whose theory is
 * "the true atoms, read as edges, form an acyclic graph". The graph's topological order is the phase
 * of every atom decision, and the model.
 *
 * <p>Atoms need not all be assigned: an unassigned atom takes the value the topological order gives
 * it. Once every relevant gate is assigned, a scan looks for clauses that this valuation leaves false;
 * if there are none the order is a model, otherwise the solver decides an atom of such a clause true
 * (which moves the order) and goes on. Only atoms that take part in conflicts are decided otherwise.
 * Traces have far more atoms (lock pairs) than choices, so this keeps a query's cost close to
 * the work its choices need.
 *
 * <p>Encoding: one boolean variable per unordered event pair ({@code a < b} and {@code b < a} are its
 * two literals) and one per And/Or node (by identity, so shared sub-formulas are encoded once).
 * Formulas have no negation, so the one-sided Plaisted–Greenbaum definitions {@code g → parts}
 * suffice. Base constraints are clauses kept for the solver's life; assumptions are the first
 * decisions of each check. Learned clauses follow from base and definition clauses and from
 * acyclicity only, so they stay valid across checks and are kept. Every formula object seen stays
 * encoded for the solver's life, which is meant to be one trace.
 *
 * <p>This class encodes formulas, decides and drives the search; the assignment is the {@link Trail},
 * the clauses and their watches the {@link ClauseDatabase}, conflicts are analysed by
 * {@link ConflictAnalysis}, decisions ordered by {@link VariableActivity}, and limits kept by
 * {@link SearchBudget}.
 */
// CDCL after MiniSat (Eén & Sörensson, "An Extensible SAT-solver", SAT 2003): two watched literals,
// first-UIP learning, VSIDS, assumptions as decisions with final conflict analysis for cores; Luby
// restarts and LBD-based clause deletion as in Glucose (Audemard & Simon, IJCAI 2009). Departs from
// them: the theory check runs after unit propagation reaches a fixpoint; only variables reachable
// from the base constraints or the current assumptions count (definitions left over from earlier
// checks are satisfied by leaving their gates unassigned, i.e. false); inactive gates are decided
// parents first, inactive atoms only to repair a clause the order leaves false (see above).
public final class CdclOrderSolver implements OrderSolver {

    private static final int NO_ATOM = -1;
    private static final int RESTART_UNIT = 64;

    // Variables: per-variable arrays, grown together with those of the parts below.
    private int variableCount;
    private int capacity = 64;
    /** For an atom variable, the graph nodes of its lower and higher event number; NO_ATOM for gates. */
    private int[] lowerNode = new int[64];
    private int[] higherNode = new int[64];
    /** For a gate variable, the literals of its parts and whether it is an And. */
    private int[][] gateParts = new int[64][];
    private boolean[] gateIsAnd = new boolean[64];
    private boolean[] baseRelevant = new boolean[64];
    private int[] queryRelevant = new int[64];
    /** For a gate, its position in {@link #gates}; for an Or gate, its definition clause (null if simplified away). */
    private int[] gateIndex = new int[64];
    private Clause[] orDefinition = new Clause[64];

    private final Trail trail = new Trail();
    private final ClauseDatabase clauses = new ClauseDatabase(trail);
    private final VariableActivity activity = new VariableActivity();
    private final ConflictAnalysis analysis = new ConflictAnalysis(trail, clauses, activity);
    private final SearchBudget budget = new SearchBudget();

    // Encoding.
    private final Map<Integer, Integer> nodeOfEvent = new HashMap<>();
    private final IntVec eventOfNode = new IntVec();
    private final PairIndex atomVariable = new PairIndex();
    private final Map<Formula, Integer> gateLiteral = new IdentityHashMap<>();
    /** Graph nodes of the events the base constraints mention, and of those the current assumptions mention. */
    private final BitSet baseNodes = new BitSet();
    private final BitSet queryNodes = new BitSet();
    private final int trueLiteral;
    private final IntVec gates = new IntVec();
    /** Clauses a model must satisfy: base clauses and definitions of base-relevant Or gates. */
    private final List<Clause> baseClauses = new ArrayList<>();

    // Search state.
    private final OrderGraph graph = new OrderGraph();
    private int propagationHead;
    private int theoryHead;
    private boolean inconsistent;
    private int queryEpoch;
    private long nanos;
    private boolean closed;

    // Per check.
    private int[] assumptionLiterals = new int[0];
    /** Definitions of the Or gates only the current assumptions reach. */
    private final List<Clause> queryClauses = new ArrayList<>();
    /** Every relevant unassigned gate of zero activity is in {@code gates[0..gateCursor)}. */
    private int gateCursor;
    private final List<Clause> falseUnderOrder = new ArrayList<>();
    private int repairHead;

    public CdclOrderSolver() {
        trueLiteral = positive(newVariable(NO_ATOM, NO_ATOM));
        baseRelevant[variable(trueLiteral)] = true;
        assign(trueLiteral, null);
    }

    @Override
    public void add(Formula constraint) {
        ensureOpen();
        Formulas.collectEvents(constraint, event -> baseNodes.set(node(event)));
        addBase(constraint);
    }

    private void addBase(Formula constraint) {
        if (constraint instanceof Formula.And and) {
            and.parts().forEach(this::addBase);
            return;
        }
        int[] literals;
        if (constraint instanceof Formula.Or or) {
            literals = new int[or.parts().size()];
            for (int i = 0; i < literals.length; i++) {
                literals[i] = literalOf(or.parts().get(i));
            }
        } else {
            literals = new int[] {literalOf(constraint)};
        }
        markBaseRelevant(literals);
        Clause clause = addClause(literals);
        if (clause != null) {
            baseClauses.add(clause);
        }
    }

    @Override
    public Answer check(List<Formula> assumptions, QueryLimits limits) {
        ensureOpen();
        long start = System.nanoTime();
        try {
            if (inconsistent) {
                return Answer.unsat(new int[0]);
            }
            queryNodes.clear();
            assumptionLiterals = new int[assumptions.size()];
            for (int i = 0; i < assumptionLiterals.length; i++) {
                Formulas.collectEvents(assumptions.get(i), event -> queryNodes.set(node(event)));
                assumptionLiterals[i] = literalOf(assumptions.get(i));
            }
            if (inconsistent) {
                return Answer.unsat(new int[0]);
            }
            markQueryRelevant();
            budget.start(limits, start);
            falseUnderOrder.clear();
            repairHead = 0;
            Answer answer = search();
            backtrack(0);
            return answer;
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    @Override
    public double seconds() {
        return nanos / 1e9;
    }

    @Override
    public void close() {
        closed = true;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("CdclOrderSolver used after close()");
        }
    }

    // ---------------------------------------------------------------- encoding

    private int literalOf(Formula formula) {
        if (formula instanceof Formula.Before before) {
            return atomLiteral(before.before(), before.after());
        }
        Integer done = gateLiteral.get(formula);
        if (done != null) {
            return done;
        }
        boolean isAnd = formula instanceof Formula.And;
        List<Formula> parts = isAnd ? ((Formula.And) formula).parts() : ((Formula.Or) formula).parts();
        int[] partLiterals = new int[parts.size()];
        for (int i = 0; i < partLiterals.length; i++) {
            partLiterals[i] = literalOf(parts.get(i));
        }
        int gate = newVariable(NO_ATOM, NO_ATOM);
        gateParts[gate] = partLiterals;
        gateIsAnd[gate] = isAnd;
        gateIndex[gate] = gates.size();
        gates.add(gate);
        int literal = positive(gate);
        if (isAnd) {
            for (int part : partLiterals) {
                addClause(new int[] {negate(literal), part});
            }
        } else {
            int[] clause = Arrays.copyOf(partLiterals, partLiterals.length + 1);
            clause[partLiterals.length] = negate(literal);
            orDefinition[gate] = addClause(clause);
        }
        gateLiteral.put(formula, literal);
        return literal;
    }

    /** The literal of {@code before < after}; the positive literal of a pair orders its lower event number first. */
    private int atomLiteral(int before, int after) {
        int beforeNode = node(before);
        int afterNode = node(after);
        if (before == after) {
            return negate(trueLiteral);
        }
        int lower = Math.min(before, after);
        int higher = Math.max(before, after);
        int atom = atomVariable.get(lower, higher);
        if (atom < 0) {
            atom = before < after ? newVariable(beforeNode, afterNode) : newVariable(afterNode, beforeNode);
            atomVariable.put(lower, higher, atom);
        }
        return before < after ? positive(atom) : negative(atom);
    }

    private int node(int event) {
        Integer node = nodeOfEvent.get(event);
        if (node == null) {
            node = graph.addNode();
            nodeOfEvent.put(event, node);
            eventOfNode.add(event);
        }
        return node;
    }

    private int newVariable(int lower, int higher) {
        int v = variableCount++;
        if (v == capacity) {
            capacity = v * 2;
            trail.grow(capacity);
            clauses.grow(capacity);
            activity.grow(capacity);
            analysis.grow(capacity);
            lowerNode = Arrays.copyOf(lowerNode, capacity);
            higherNode = Arrays.copyOf(higherNode, capacity);
            gateParts = Arrays.copyOf(gateParts, capacity);
            gateIsAnd = Arrays.copyOf(gateIsAnd, capacity);
            baseRelevant = Arrays.copyOf(baseRelevant, capacity);
            queryRelevant = Arrays.copyOf(queryRelevant, capacity);
            gateIndex = Arrays.copyOf(gateIndex, capacity);
            orDefinition = Arrays.copyOf(orDefinition, capacity);
        }
        lowerNode[v] = lower;
        higherNode[v] = higher;
        activity.added(v + 1);
        return v;
    }

    private void markBaseRelevant(int[] literals) {
        markRelevant(literals, true);
    }

    private void markQueryRelevant() {
        queryEpoch++;
        queryClauses.clear();
        markRelevant(assumptionLiterals, false);
    }

    /**
     * Marks the variables that {@code literals} reach through gate parts as relevant, for good (base)
     * or for this check, and records the Or definitions a model must satisfy.
     */
    private void markRelevant(int[] literals, boolean forBase) {
        List<Clause> definitions = forBase ? baseClauses : queryClauses;
        IntVec pending = new IntVec(literals.length);
        for (int literal : literals) {
            pending.add(variable(literal));
        }
        while (!pending.isEmpty()) {
            int v = pending.removeLast();
            if (baseRelevant[v] || (!forBase && queryRelevant[v] == queryEpoch)) {
                continue;
            }
            if (forBase) {
                baseRelevant[v] = true;
            } else {
                queryRelevant[v] = queryEpoch;
            }
            if (orDefinition[v] != null) {
                definitions.add(orDefinition[v]);
            }
            if (trail.isUnassigned(v)) {
                makeDecidable(v);
            }
            if (gateParts[v] != null) {
                for (int part : gateParts[v]) {
                    pending.add(variable(part));
                }
            }
        }
    }

    /** Puts an unassigned variable where the decision procedure will find it. */
    private void makeDecidable(int v) {
        if (activity.active(v)) {
            activity.enqueue(v);
        } else if (gateParts[v] != null) {
            gateCursor = Math.max(gateCursor, gateIndex[v] + 1);
        }
    }

    private boolean relevant(int v) {
        return baseRelevant[v] || queryRelevant[v] == queryEpoch;
    }

    /**
     * Adds a permanent clause at decision level 0, simplified by the level-0 assignment. Returns the
     * attached clause, or null if none was needed (satisfied, unit or empty).
     */
    private Clause addClause(int[] literals) {
        IntVec kept = new IntVec(literals.length);
        for (int literal : literals) {
            int value = value(literal);
            if (value == Trail.TRUE && trail.level(variable(literal)) == 0) {
                return null;
            }
            if (value == Trail.FALSE && trail.level(variable(literal)) == 0) {
                continue;
            }
            boolean duplicate = false;
            for (int i = 0; i < kept.size(); i++) {
                if (kept.get(i) == literal) {
                    duplicate = true;
                } else if (kept.get(i) == negate(literal)) {
                    return null;
                }
            }
            if (!duplicate) {
                kept.add(literal);
            }
        }
        if (kept.isEmpty()) {
            inconsistent = true;
            return null;
        }
        if (kept.size() == 1) {
            assign(kept.get(0), null);
            return null;
        }
        Clause clause = new Clause(kept.toArray(), false);
        clauses.attach(clause);
        return clause;
    }

    // ---------------------------------------------------------------- search

    private Answer search() {
        long restartLimit = RESTART_UNIT * luby(0);
        int restarts = 0;
        long conflictsAtRestart = 0;
        while (true) {
            Clause conflict = propagate();
            if (conflict != null) {
                budget.conflict();
                if (trail.decisionLevel() == 0) {
                    inconsistent = true;
                    return Answer.unsat(new int[0]);
                }
                learnFrom(conflict);
                if (budget.exhausted()) {
                    return Answer.unknown(budget.stopReason());
                }
                if (budget.conflicts() - conflictsAtRestart >= restartLimit) {
                    conflictsAtRestart = budget.conflicts();
                    restartLimit = RESTART_UNIT * luby(++restarts);
                    backtrack(0);
                }
                if (clauses.full()) {
                    clauses.reduce();
                }
                continue;
            }
            if (budget.exhaustedAtDecision()) {
                return Answer.unknown(budget.stopReason());
            }
            int level = trail.decisionLevel();
            if (level < assumptionLiterals.length) {
                int assumption = assumptionLiterals[level];
                int value = value(assumption);
                if (value == Trail.FALSE) {
                    return Answer.unsat(analysis.failedAssumptions(assumption, assumptionLiterals));
                }
                trail.newLevel();
                if (value == Trail.UNASSIGNED) {
                    assign(assumption, null);
                }
                continue;
            }
            int decision = nextDecision();
            if (decision < 0) {
                return Answer.sat(model());
            }
            trail.newLevel();
            assign(decision, null);
        }
    }

    /** Unit propagation to a fixpoint, then the acyclicity check of the newly true atoms. */
    private Clause propagate() {
        while (true) {
            while (propagationHead < trail.size()) {
                Clause conflict = clauses.propagate(trail.literalAt(propagationHead++));
                if (conflict != null) {
                    return conflict;
                }
            }
            while (theoryHead < trail.size()) {
                int literal = trail.literalAt(theoryHead);
                int v = variable(literal);
                if (lowerNode[v] != NO_ATOM) {
                    int from = isNegative(literal) ? higherNode[v] : lowerNode[v];
                    int to = isNegative(literal) ? lowerNode[v] : higherNode[v];
                    if (!graph.addEdge(from, to, literal)) {
                        return cycleClause();
                    }
                }
                theoryHead++;
            }
            if (propagationHead == trail.size()) {
                return null;
            }
        }
    }

    /** The clause forbidding the cycle just found: not all of its edges may hold. Kept as a learned clause. */
    private Clause cycleClause() {
        IntVec cycle = graph.cycleLiterals();
        int[] literals = new int[cycle.size()];
        for (int i = 0; i < literals.length; i++) {
            literals[i] = negate(cycle.get(i));
        }
        sortByLevelDescending(literals);
        Clause clause = new Clause(literals, true);
        clauses.learn(clause);
        return clause;
    }

    /** Puts the most recently falsified literals first, so the watches are the first to become unassigned again. */
    private void sortByLevelDescending(int[] literals) {
        long[] keyed = new long[literals.length];
        for (int i = 0; i < literals.length; i++) {
            keyed[i] = ((long) (Integer.MAX_VALUE - trail.level(variable(literals[i]))) << 32) | literals[i];
        }
        Arrays.sort(keyed);
        for (int i = 0; i < literals.length; i++) {
            literals[i] = (int) keyed[i];
        }
    }

    /** Learns the conflict's first-UIP clause, backjumps, and asserts the clause's first literal. */
    private void learnFrom(Clause conflict) {
        int[] literals = analysis.learnedClause(conflict);
        backtrack(literals.length > 1 ? trail.level(variable(literals[1])) : 0);
        if (literals.length == 1) {
            assign(literals[0], null);
        } else {
            Clause clause = new Clause(literals, true);
            clauses.learn(clause);
            assign(literals[0], clause);
        }
        activity.decay();
        clauses.decayActivity();
    }

    /**
     * The literal to decide next: the most active variable, else the latest-created gate (parents
     * before parts), else an atom that repairs a clause the order leaves false; -1 when the order is a model.
     */
    private int nextDecision() {
        while (!activity.isEmpty()) {
            int v = activity.removeMostActive();
            if (trail.isUnassigned(v) && relevant(v)) {
                return phase(v);
            }
        }
        while (gateCursor > 0) {
            int v = gates.get(--gateCursor);
            if (trail.isUnassigned(v) && relevant(v)) {
                return phase(v);
            }
        }
        return repairLiteral();
    }

    /**
     * An unassigned literal of a clause that no assigned literal and no order-valued atom satisfies,
     * or -1 if there is none. Works through the list of such clauses from the last scan before
     * scanning again, since a repair moves the order and may break clauses scanned earlier.
     */
    private int repairLiteral() {
        while (true) {
            while (repairHead < falseUnderOrder.size()) {
                Clause clause = falseUnderOrder.get(repairHead++);
                if (!satisfiedUnderOrder(clause)) {
                    for (int literal : clause.literals) {
                        if (value(literal) == Trail.UNASSIGNED) {
                            return literal;
                        }
                    }
                    throw new IllegalStateException("order solver bug: a clause is false but propagation found no conflict");
                }
            }
            falseUnderOrder.clear();
            repairHead = 0;
            collectFalseUnderOrder(baseClauses);
            collectFalseUnderOrder(queryClauses);
            if (falseUnderOrder.isEmpty()) {
                return -1;
            }
        }
    }

    private void collectFalseUnderOrder(List<Clause> clauses) {
        for (Clause clause : clauses) {
            if (!satisfiedUnderOrder(clause)) {
                falseUnderOrder.add(clause);
            }
        }
    }

    private boolean satisfiedUnderOrder(Clause clause) {
        for (int literal : clause.literals) {
            int value = value(literal);
            if (value == Trail.TRUE || (value == Trail.UNASSIGNED && lowerNode[variable(literal)] != NO_ATOM && holdsInOrder(literal))) {
                return true;
            }
        }
        return false;
    }

    private boolean holdsInOrder(int atomLiteral) {
        int v = variable(atomLiteral);
        return graph.ordered(lowerNode[v], higherNode[v]) != isNegative(atomLiteral);
    }

    /**
     * Atoms follow the current topological order, which never closes a cycle. A gate is set true if
     * its formula holds when its unassigned atoms take their order values (looking two gates deep).
     */
    private int phase(int v) {
        if (lowerNode[v] != NO_ATOM) {
            return graph.ordered(lowerNode[v], higherNode[v]) ? positive(v) : negative(v);
        }
        return holdsEstimate(positive(v), 2) ? positive(v) : negative(v);
    }

    private boolean holdsEstimate(int literal, int depth) {
        int value = value(literal);
        if (value != Trail.UNASSIGNED) {
            return value == Trail.TRUE;
        }
        int v = variable(literal);
        if (lowerNode[v] != NO_ATOM) {
            return holdsInOrder(literal);
        }
        if (depth == 0) {
            return trail.savedPhase(v);
        }
        boolean isAnd = gateIsAnd[v];
        for (int part : gateParts[v]) {
            if (holdsEstimate(part, depth - 1) != isAnd) {
                return !isAnd;
            }
        }
        return isAnd;
    }

    /** The mentioned events in topological order. */
    private int[] model() {
        IntVec order = new IntVec(graph.nodeCount());
        for (int position = 0; position < graph.nodeCount(); position++) {
            int node = graph.nodeAt(position);
            if (baseNodes.get(node) || queryNodes.get(node)) {
                order.add(eventOfNode.get(node));
            }
        }
        return order.toArray();
    }

    // ---------------------------------------------------------------- trail

    private void assign(int literal, Clause reason) {
        trail.assign(literal, reason);
    }

    private int value(int literal) {
        return trail.value(literal);
    }

    private void backtrack(int level) {
        if (trail.decisionLevel() <= level) {
            return;
        }
        int start = trail.levelStart(level);
        for (int i = trail.size() - 1; i >= start; i--) {
            int literal = trail.literalAt(i);
            int v = variable(literal);
            if (i < theoryHead && lowerNode[v] != NO_ATOM) {
                if (isNegative(literal)) {
                    graph.removeLastEdge(higherNode[v], lowerNode[v]);
                } else {
                    graph.removeLastEdge(lowerNode[v], higherNode[v]);
                }
            }
            makeDecidable(v);
        }
        trail.undoTo(level, start);
        propagationHead = Math.min(propagationHead, start);
        theoryHead = Math.min(theoryHead, start);
    }

    /** The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..., element {@code index}. */
    static long luby(int index) {
        int size = 1;
        int sequence = 0;
        while (size < index + 1) {
            sequence++;
            size = 2 * size + 1;
        }
        int x = index;
        while (size - 1 != x) {
            size = (size - 1) >> 1;
            sequence--;
            x = x % size;
        }
        return 1L << sequence;
    }
}
