package dev.weft.report;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.PrefixPolicy;
import dev.weft.explore.ProgramRunner;
import dev.weft.trace.Address;
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
 */
public final class RaceCollector implements Explorer.Listener {
    private final Map<String, Race> races = new LinkedHashMap<>();
    private volatile long finishedRuns;

    /** A runner that performs runs with {@code runner} and collects the races of each. */
    public ProgramRunner observe(ProgramRunner runner) {
        return policy -> {
            RunResult run = runner.run(policy);
            record(run);
            return run;
        };
    }

    @Override
    public void afterRun(long executions, long pending, int bugs, double seconds) {
        finishedRuns = executions;
    }

    /** Adds the races of one run (runs Weft could not complete or control are skipped: their traces are partial). */
    public synchronized void record(RunResult run) {
        if (run.status() != RunResult.Status.COMPLETED && run.status() != RunResult.Status.BUG) {
            return;
        }
        Symbols symbols = run.trace().symbols();
        for (DataRaces.RacyPair pair : DataRaces.in(run.trace())) {
            Race.Access a = access(pair.earlier(), symbols);
            Race.Access b = access(pair.later(), symbols);
            if (a.location() == null || b.location() == null) {
                continue;
            }
            if (key(a).compareTo(key(b)) > 0) {
                Race.Access swap = a;
                a = b;
                b = swap;
            }
            String locations = key(a) + " / " + key(b);
            Race known = races.get(locations);
            if (known == null) {
                known = new Race(a, b, addressName(pair.earlier().address(), symbols), new TreeSet<>(), finishedRuns + 1,
                        run.schedule(), run.trace());
                races.put(locations, known);
            }
            known.threads().add(symbols.threads().name(pair.earlier().thread()));
            known.threads().add(symbols.threads().name(pair.later().thread()));
        }
    }

    public synchronized List<Race> races() {
        return List.copyOf(races.values());
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
            bugs.add(new FoundBug(race.asBug(), race.execution(), race.schedule(), race.trace(), replays(race, runner)));
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
