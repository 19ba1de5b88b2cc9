package dev.weft.advice;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.FenceKind;
import dev.weft.trace.Location;
import dev.weft.trace.StaleReads;
import dev.weft.trace.Trace;
import java.util.List;
import java.util.Set;

/**
 * The reorderings a run under {@code -m jmm} needed, and the fixes that may forbid each. Under the JMM
 * a reordering shows as a stale read ({@link StaleReads}): thread T read {@code a} and returned an older
 * write than another thread U's newest write {@code w} of {@code a}, which no happens-before edge showed
 * it. The fixes offered for it:
 * <ul>
 *   <li>{@code a} volatile: a volatile read returns no older write than the newest volatile write;</li>
 *   <li>for message passing (U writes {@code b} after {@code w}, T read that write or a newer one of
 *       {@code b} before its stale read): {@code b} volatile, which makes the pair a release and an acquire,
 *       or one of the fences that pair needs, a release fence before U's write of {@code b} and an acquire
 *       fence before T's stale read;</li>
 *   <li>for store buffering (T wrote before its stale read, U accessed memory after {@code w}): a full
 *       fence before T's read or before U's next access, each of which the other thread needs too.</li>
 * </ul>
 * A fix that cannot forbid the run alone (one of a pair of fences) is still offered: the advice explores
 * the program with its fixes and, where the bug comes back, joins the new run's candidates, so the
 * hitting set grows to the pair or moves to a fix that works alone. Only the explorations decide.
 */
final class JmmReorderings {
    private JmmReorderings() {
    }

    /** Whether the run needed the relaxed model: one of its reads was stale. */
    static boolean needed(Trace trace) {
        return !StaleReads.of(trace).all().isEmpty();
    }

    /** Adds the fixes of every stale read of the run to {@code out}. */
    static void candidates(Trace trace, Set<Fix> out) {
        for (StaleReads.Stale stale : StaleReads.of(trace).all()) {
            Event read = trace.get(stale.read());
            Event missed = trace.get(stale.missed());
            Reorderings.addVolatile(trace, read.address(), out);
            messagePassing(trace, read, missed, out);
            storeBuffering(trace, read, missed, out);
        }
    }

    /** U wrote {@code b} after the missed write, and the reader read that write (or a newer one) of {@code b} before. */
    private static void messagePassing(Trace trace, Event read, Event missed, Set<Fix> out) {
        List<Event> writer = trace.stepsOf(missed.thread());
        List<Event> reader = trace.stepsOf(read.thread()).subList(0, read.seq());
        for (Event flag : writer.subList(missed.seq() + 1, writer.size())) {
            if (!flag.wrote() || !isMemory(flag) || flag.address().equals(read.address())) {
                continue;
            }
            for (Event seen : reader) {
                if (seen.reads() && flag.address().equals(seen.address()) && seen.index() > flag.index()) {
                    Reorderings.addVolatile(trace, flag.address(), out);
                    addFence(trace, flag, missed, FenceKind.RELEASE, out);
                    addFence(trace, read, seen, FenceKind.ACQUIRE, out);
                }
            }
        }
    }

    /** The reader wrote before its stale read, and the writer went on to access memory after the missed write. */
    private static void storeBuffering(Trace trace, Event read, Event missed, Set<Fix> out) {
        List<Event> reader = trace.stepsOf(read.thread()).subList(0, read.seq());
        reader.stream().filter(e -> e.wrote() && isMemory(e) && !e.address().equals(read.address())).reduce((a, b) -> b)
                .ifPresent(write -> addFence(trace, read, write, FenceKind.FULL, out));
        List<Event> writer = trace.stepsOf(missed.thread());
        writer.subList(missed.seq() + 1, writer.size()).stream().filter(e -> isMemory(e) && e.reads()).findFirst()
                .ifPresent(next -> addFence(trace, next, missed, FenceKind.FULL, out));
    }

    private static boolean isMemory(Event e) {
        Address a = e.address();
        return a != null && a.isMemory();
    }

    /** A fence of {@code kind} before {@code at}'s line, if that line is not {@code earlier}'s (the fence must come between). */
    private static void addFence(Trace trace, Event at, Event earlier, FenceKind kind, Set<Fix> out) {
        Location line = trace.symbols().locations().get(at.location());
        Location other = trace.symbols().locations().get(earlier.location());
        if (line != null && line.sourceFile() != null && line.line() > 0 && !Reorderings.sameLine(line, other)) {
            out.add(Fix.fence(line.sourceFile(), line.line(), kind));
        }
    }
}
