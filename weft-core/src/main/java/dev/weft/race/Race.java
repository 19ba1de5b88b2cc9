package dev.weft.race;

import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.Location;
import dev.weft.trace.Trace;
import java.util.List;
import java.util.Set;

/**
 * A racy pair of program locations, reported once however many runs and addresses show it.
 *
 * @param first        the location that sorts first, and how it accessed the address ("read" / "write"; for a
 *                     JDK object, the call: "Map.get")
 * @param second       the other location (may equal {@code first}: two threads running the same line)
 * @param address      the field, array or JDK object the first racy pair touched ("LostUpdate.counter",
 *                     "array int[]@Main.java:14[3]", "HashMap Registry.users")
 * @param threads      the threads seen racing at these locations, in name order
 * @param execution    the explored run that first showed the race, or from whose trace it was predicted
 * @param predicted    true while no explored run has shown it: the solver found it ({@link RaceCollector}),
 *                     and {@code schedule} and {@code trace} are then those of the witness run that shows it
 * @param schedule     the choices of a run that shows the race, which replay it
 * @param trace        that run's events
 */
public record Race(Access first, Access second, String address, Set<String> threads, long execution, boolean predicted,
                   List<Choice> schedule, Trace trace) {

    /** One side of the race. */
    public record Access(Location location, String operation) {
        String describe() {
            return operation + " at " + location.fileAndLine();
        }
    }

    /** "LostUpdate.counter: read at LostUpdate.java:13 / write at LostUpdate.java:13 (threads main.1, main.2)". */
    public String describe() {
        return address + ": " + first.describe() + " / " + second.describe() + " (threads " + String.join(", ", threads) + ")";
    }

    /** This race with its address named {@code name}. */
    Race at(String name) {
        return new Race(first, second, name, threads, execution, predicted, schedule, trace);
    }

    /** This race once an explored run has shown it too. */
    Race observed() {
        return new Race(first, second, address, threads, execution, false, schedule, trace);
    }

    /** The race as a bug of kind data-race, for {@code --fail-on-race}. */
    public Bug asBug() {
        return new Bug(BugKind.DATA_RACE, "data race on " + describe(), threads.iterator().next(), first.location(), null);
    }
}
