package dev.weft.report;

import dev.weft.causal.RaceQueries;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.PrefixPolicy;
import dev.weft.runtime.ProgramRunner;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.Location;
import dev.weft.trace.RunResult;
import dev.weft.trace.Symbols;
import java.util.ArrayList;
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
    private final RacePrediction prediction;
    private volatile long finishedRuns;
    private long queries;
    private long unknown;
    private long skipped;
    private long unconfirmed;

    /** Observes races by happens-before only. */
    public RaceCollector() {
        this(null);
    }

    /** @param prediction how to predict races from each run, or null to observe them by happens-before only */
    public RaceCollector(RacePrediction prediction) {
        this.prediction = prediction;
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
        if (prediction == null || prediction.queriesPerTrace() == 0 || !complete(run)) {
            return;
        }
        long execution = finishedRuns + 1;
        Symbols symbols = run.trace().symbols();
        RaceQueries.Outcome outcome = RaceQueries.ask(run.trace(), prediction.memoryModel(), prediction.solver()::create, prediction.limits(),
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

    /** Runs the witness of a predicted race and keeps the race if the run shows it. */
    private void confirm(String locations, List<Choice> witness, ProgramRunner runner, long execution) {
        RunResult shown = runner.run(new PrefixPolicy(witness, ContinuationPolicy.INSTANCE));
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
            known = new Race(a, b, addressName(pair.earlier().address(), symbols), new TreeSet<>(), execution, predicted,
                    run.schedule(), run.trace());
            races.put(locations, known);
        } else if (known.predicted() && !predicted) {
            known = known.observed();
            races.put(locations, known);
        }
        known.threads().add(symbols.threads().name(pair.earlier().thread()));
        known.threads().add(symbols.threads().name(pair.later().thread()));
    }

    /** "A:12 / B:20" for two accesses, locations in order; null when either has no source location. */
    private static String locationsKey(Event first, Event second, Symbols symbols) {
        Race.Access a = access(first, symbols);
        Race.Access b = access(second, symbols);
        if (a.location() == null || b.location() == null) {
            return null;
        }
        String one = key(a);
        String two = key(b);
        return one.compareTo(two) <= 0 ? one + " / " + two : two + " / " + one;
    }

    private static boolean complete(RunResult run) {
        return run.status() == RunResult.Status.COMPLETED || run.status() == RunResult.Status.BUG;
    }

    public synchronized List<Race> races() {
        return List.copyOf(races.values());
    }

    /** The races with how they were looked for. */
    public synchronized RaceFindings findings() {
        return new RaceFindings(races(), prediction != null && prediction.queriesPerTrace() > 0, queries, unknown, skipped, unconfirmed);
    }

    /**
     * {@code result} with every race added as a bug of kind data-race (so a race makes the verdict
     * "bug"). Each race's run is replayed once with {@code runner}, as the explorer does for its bugs,
     * to check that its schedule shows the race again.
     */
    public ExplorationResult withRacesAsBugs(ExplorationResult result, ProgramRunner runner) {
        List<Race> found = races();
        if (found.isEmpty()) {
            return result;
        }
        List<FoundBug> bugs = new ArrayList<>(result.bugs());
        long firstBug = result.executionsToFirstBug();
        for (Race race : found) {
            bugs.add(new FoundBug(race.asBug(), race.execution(), race.schedule(), race.trace(), replays(race, runner), List.of(race.asBug())));
            firstBug = firstBug == 0 ? race.execution() : Math.min(firstBug, race.execution());
        }
        return new ExplorationResult(result.strategy(), ExplorationResult.Verdict.BUG, result.complete(), result.stop(),
                result.executions(), firstBug, result.seconds(), result.solverSeconds(), List.copyOf(bugs), result.error());
    }

    private static boolean replays(Race race, ProgramRunner runner) {
        RaceCollector again = new RaceCollector();
        again.record(runner.run(new PrefixPolicy(race.schedule(), ContinuationPolicy.INSTANCE)));
        return again.races.containsKey(key(race.first()) + " / " + key(race.second()));
    }

    private static Race.Access access(Event e, Symbols symbols) {
        return new Race.Access(symbols.locations().get(e.location()), e.wrote() ? "write" : "read");
    }

    /** Class and line (not the file name alone, which two classes can share): a read and a write on one line are one location. */
    private static String key(Race.Access access) {
        Location loc = access.location();
        return loc.className() + ":" + (loc.line() >= 0 ? Integer.toString(loc.line()) : "@" + loc.bytecodeIndex());
    }

    private static String addressName(Address address, Symbols symbols) {
        return switch (address.kind()) {
            case STATIC_FIELD, INSTANCE_FIELD -> symbols.fields().get(address.slot()).displayName();
            default -> "array " + symbols.describe(address);
        };
    }
}
