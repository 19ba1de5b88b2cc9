package dev.weft.race;

import dev.weft.causal.RaceQueries;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.FoundBug.Replay;
import dev.weft.explore.PrefixPolicy;
import dev.weft.runtime.ProgramRunner;
import dev.weft.trace.Address;
import dev.weft.trace.Bug;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.JdkCallSite;
import dev.weft.trace.Location;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Gathers the {@link DataRaces} of every run an exploration makes, one {@link Race} per pair of
 * program locations. Wrap the exploration's runner with {@link #observe} and pass this object to the
 * {@link Explorer} as its listener, which tells it the number of the run in progress.
 *
 * <p>With a {@link RacePrediction}, each run's causal model is also asked which location pairs not
 * yet known to race can meet ({@link RaceQueries}); each race the solver finds is run once with its
 * witness schedule (a run the exploration does not count) and kept, as predicted, when that run shows
 * it by happens-before — so a predicted race, like an observed one, comes with a schedule that replays it.
 */
public final class RaceCollector implements Explorer.Listener {
    private final Map<String, Race> races = new LinkedHashMap<>();
    /** The address each race was first seen on, by the same key as {@link #races}. */
    private final Map<String, Address> addresses = new HashMap<>();
    private final RacePrediction prediction;
    private final Deadline deadline;
    private volatile long finishedRuns;
    private long queries;
    private long unknown;
    private long skipped;
    private long unconfirmed;

    /** Observes races by happens-before only. */
    public RaceCollector() {
        this(null);
    }

    /** @param prediction how to predict races from each run, or null to observe them by happens-before only; with no deadline */
    public RaceCollector(RacePrediction prediction) {
        this(prediction, Deadline.after(null));
    }

    /**
     * @param prediction how to predict races from each run, or null to observe them by happens-before only
     * @param deadline   the exploration's: once it passes, no query is asked and no witness run made
     */
    public RaceCollector(RacePrediction prediction, Deadline deadline) {
        this.prediction = prediction;
        this.deadline = deadline;
    }

    /** A runner that performs runs with {@code runner} and collects the races of each (predicting with it too). */
    public ProgramRunner observe(ProgramRunner runner) {
        return policy -> {
            RunResult run = runner.run(policy);
            record(run);
            predict(run, runner);
            return run;
        };
    }

    @Override
    public void afterRun(long executions, long pending, int bugs, double seconds) {
        finishedRuns = executions;
    }

    /** Adds the races of one run (runs Weft could not complete or control are skipped: their traces are partial). */
    public synchronized void record(RunResult run) {
        if (!complete(run)) {
            return;
        }
        for (DataRaces.RacyPair pair : DataRaces.in(run.trace())) {
            add(pair, run, finishedRuns + 1, false);
        }
    }

    private synchronized void predict(RunResult run, ProgramRunner runner) {
        if (prediction == null || prediction.queriesPerTrace() == 0 || !complete(run) || deadline.passed()) {
            return;
        }
        long execution = finishedRuns + 1;
        Symbols symbols = run.trace().symbols();
        RaceQueries.Outcome outcome = RaceQueries.ask(run.trace(), prediction.memoryModel(), prediction.solver()::create, deadline.bound(prediction.limits()),
                prediction.queriesPerTrace(), new RaceQueries.Listener() {
                    @Override
                    public boolean known(Event first, Event second) {
                        String locations = locationsKey(first, second, symbols);
                        return locations == null || races.containsKey(locations); // a race without source lines is never listed
                    }

                    @Override
                    public void predicted(Event first, Event second, List<Choice> witness) {
                        confirm(locationsKey(first, second, symbols), witness, runner, execution);
                    }
                });
        queries += outcome.queries();
        unknown += outcome.unknown();
        skipped += outcome.skipped();
    }

    /** Runs the witness of a predicted race and keeps the race if the run shows it (a race whose witness the deadline stops is skipped). */
    private void confirm(String locations, List<Choice> witness, ProgramRunner runner, long execution) {
        RunResult shown = deadline.passed() ? null : runner.run(new PrefixPolicy(witness, ContinuationPolicy.INSTANCE));
        if (shown == null || shown.status() == RunResult.Status.STOPPED) {
            skipped++;
            return;
        }
        if (complete(shown)) {
            Symbols symbols = shown.trace().symbols();
            for (DataRaces.RacyPair pair : DataRaces.in(shown.trace())) {
                if (locations.equals(locationsKey(pair.earlier(), pair.later(), symbols))) {
                    add(pair, shown, execution, true);
                    return;
                }
            }
        }
        unconfirmed++;
    }

    private void add(DataRaces.RacyPair pair, RunResult run, long execution, boolean predicted) {
        Symbols symbols = run.trace().symbols();
        String locations = locationsKey(pair.earlier(), pair.later(), symbols);
        if (locations == null) {
            return;
        }
        Race.Access a = access(pair.earlier(), symbols);
        Race.Access b = access(pair.later(), symbols);
        if (key(a).compareTo(key(b)) > 0) {
            Race.Access swap = a;
            a = b;
            b = swap;
        }
        Race known = races.get(locations);
        if (known == null) {
            known = new Race(a, b, addressName(pair.earlier().address(), run.trace()), new TreeSet<>(), execution, predicted,
                    run.schedule(), run.trace());
            races.put(locations, known);
            addresses.put(locations, pair.earlier().address());
        } else if (known.predicted() && !predicted) {
            known = known.observed();
            races.put(locations, known);
        }
        known.threads().add(symbols.threads().name(pair.earlier().thread()));
        known.threads().add(symbols.threads().name(pair.later().thread()));
    }

    /**
     * "A:12 / B:20" for two accesses, locations in order; null when either has no source location, or both are inside
     * {@code java.util.concurrent}'s instrumented code, whose races are its own design (a node's plain field published by
     * a later volatile write), not the program's.
     */
    private static String locationsKey(Event first, Event second, Symbols symbols) {
        Race.Access a = access(first, symbols);
        Race.Access b = access(second, symbols);
        if (a.location() == null || b.location() == null || isConcurrentJdk(a.location()) && isConcurrentJdk(b.location())) {
            return null;
        }
        String one = key(a);
        String two = key(b);
        return one.compareTo(two) <= 0 ? one + " / " + two : two + " / " + one;
    }

    private static boolean isConcurrentJdk(Location location) {
        return location.className().startsWith("java.util.concurrent.");
    }

    private static boolean complete(RunResult run) {
        return run.status() == RunResult.Status.COMPLETED || run.status() == RunResult.Status.BUG;
    }

    public synchronized List<Race> races() {
        return List.copyOf(races.values());
    }

    /**
     * Names the objects of races on arrays and JDK objects as a report names them (by where they were
     * made: {@code array int[]@Main.java:14[1]}): the runs an exploration makes do not record that, so
     * each such race's run is replayed once more for its report, while the deadline allows.
     */
    public synchronized void nameObjects(ProgramRunner runner) {
        for (Map.Entry<String, Race> entry : races.entrySet()) {
            Address address = addresses.get(entry.getKey());
            if (address.kind() == Address.Kind.STATIC_FIELD || address.kind() == Address.Kind.INSTANCE_FIELD || deadline.passed()) {
                continue;
            }
            RunResult again = runner.run(PrefixPolicy.forReport(entry.getValue().schedule()));
            if (again.status() != RunResult.Status.STOPPED) {
                entry.setValue(entry.getValue().at(addressName(address, again.trace())));
            }
        }
    }

    /** The races with how they were looked for. */
    public synchronized RaceFindings findings() {
        return new RaceFindings(races(), prediction != null && prediction.queriesPerTrace() > 0, queries, unknown, skipped, unconfirmed);
    }

    /**
     * {@code result} with every race added as a bug of kind data-race (so a race makes the verdict
     * "bug"), and with a reason against completeness for each race question left open (a query at the
     * solver's limit, a location pair not asked): with races as bugs, an open question may hide one.
     * Each race's run is replayed once with {@code runner}, as the explorer does for its bugs, to
     * check that its schedule shows the race again.
     */
    public ExplorationResult withRacesAsBugs(ExplorationResult result, ProgramRunner runner) {
        List<FoundBug> bugs = new ArrayList<>(result.bugs());
        long firstBug = result.executionsToFirstBug();
        for (Race race : races()) {
            bugs.add(replayed(race, runner));
            firstBug = firstBug == 0 ? race.execution() : Math.min(firstBug, race.execution());
        }
        List<IncompleteReason> reasons = new ArrayList<>(result.incompleteReasons());
        if (unknown > 0) {
            reasons.add(new IncompleteReason("race-prediction", "a race query hit the solver's limit", unknown));
        }
        if (skipped > 0) {
            reasons.add(new IncompleteReason("race-prediction",
                    "a pair of locations was not asked about (the per-run query budget, the model's size or the deadline)", skipped));
        }
        ExplorationResult.Verdict verdict = !bugs.isEmpty() ? ExplorationResult.Verdict.BUG
                : result.verdict() == ExplorationResult.Verdict.OK && !reasons.isEmpty() ? ExplorationResult.Verdict.INCOMPLETE : result.verdict();
        return new ExplorationResult(result.strategy(), verdict, result.stop(), result.executions(), firstBug, result.seconds(),
                result.solverSeconds(), bugs, result.error(), reasons, result.workers(), result.repeatedRuns(), result.counts());
    }

    /**
     * The race as a bug, replayed once (describing its JDK calls for the report): it keeps the
     * replay's trace when the replay shows it again.
     */
    private FoundBug replayed(Race race, ProgramRunner runner) {
        Bug bug = race.asBug();
        RunResult again = deadline.passed() ? null : runner.run(PrefixPolicy.forReport(race.schedule()));
        if (again == null || again.status() == RunResult.Status.STOPPED) {
            return new FoundBug(bug, race.execution(), race.schedule(), race.trace(), Replay.NOT_CHECKED, List.of(bug));
        }
        RaceCollector shown = new RaceCollector();
        shown.record(again);
        boolean replayed = shown.races.containsKey(key(race.first()) + " / " + key(race.second()));
        return new FoundBug(bug, race.execution(), race.schedule(), replayed ? again.trace() : race.trace(),
                replayed ? Replay.REPRODUCED : Replay.NOT_REPRODUCED, List.of(bug));
    }

    /** An access as a race names it: "read" or "write", or for a JDK call the call ("Map.get"). */
    private static Race.Access access(Event e, Symbols symbols) {
        JdkCallSite call = e.address().kind() == Address.Kind.OBJECT_STATE ? symbols.calls().at(e.location()) : null;
        String operation = call != null ? call.api() : e.wrote() ? "write" : "read";
        return new Race.Access(symbols.locations().get(e.location()), operation);
    }

    /** Class and line (not the file name alone, which two classes can share): a read and a write on one line are one location. */
    private static String key(Race.Access access) {
        Location loc = access.location();
        return loc.className() + ":" + (loc.line() >= 0 ? Integer.toString(loc.line()) : "@" + loc.bytecodeIndex());
    }

    /** A field by its declaration ("Account.balance"), an array or JDK object as the run names it ("array Bank.accounts[2]"). */
    private static String addressName(Address address, Trace trace) {
        return switch (address.kind()) {
            case STATIC_FIELD, INSTANCE_FIELD -> trace.symbols().fields().get(address.slot()).displayName();
            case OBJECT_STATE -> trace.names().describe(address);
            default -> "array " + trace.names().describe(address);
        };
    }
}
