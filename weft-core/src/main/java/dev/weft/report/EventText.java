package dev.weft.report;

import dev.weft.trace.AccessMode;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.JdkCallSite;
import dev.weft.trace.Outcome;
import dev.weft.trace.ObjectNames;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;

/**
 * Describes events in words for people: "read LostUpdate.count = 0", "lock Registry.lock", "fork main.1",
 * objects named as {@link ObjectNames} names them. A JDK call's event reads as the call: as the program
 * made it where the run recorded it in detail ({@code ids.get("alice") → null}), else by its API and
 * object ("Map.get on HashMap Registry.users, reads it").
 */
public final class EventText {
    private EventText() {
    }

    /** Event {@code e} of {@code trace}. */
    public static String describe(Event e, Trace trace) {
        ObjectNames names = trace.names();
        Symbols symbols = trace.symbols();
        if (e.address() != null && e.address().kind() == Address.Kind.OBJECT_STATE) {
            String text = trace.callText(e.index());
            return text != null ? names.inText(text) : jdkCall(e, symbols, names);
        }
        String where = names.describe(e.address());
        // A lock's address already reads "lock Registry.lock"; its operations name just the object (or the class being initialised).
        String monitor = e.address() == null ? ""
                : e.address().slot() == Address.INITIALISATION && e.address().kind() == Address.Kind.LOCK ? where
                : names.of(e.address().object());
        String value = names.valueAt(e.address(), e.value(), e.valueType());
        return switch (e.kind()) {
            case BEGIN -> "begin";
            case END -> "end";
            case READ -> mode(e) + "read " + where + " = " + value;
            case WRITE -> mode(e) + (e.has(Event.BUFFERED) ? "write (buffered) " : "write ") + where + " = " + value;
            case VOLATILE_READ -> "volatile read " + where + " = " + value;
            case VOLATILE_WRITE -> "volatile write " + where + " = " + value;
            case ATOMIC_RMW -> e.outcome() == Outcome.SPURIOUS ? "weakCompareAndSet failed spuriously: " + where + " = " + value
                    : e.wrote() ? "atomic " + where + ": " + value + " -> " + names.valueAt(e.address(), e.value2(), e.valueType())
                    : "atomic " + where + ": read " + value + ", unchanged";
            case PLAIN_RMW -> "change " + where;
            case FLUSH -> "flush " + where + " = " + value + " (now visible)";
            case LOCK -> (e.has(Event.SHARED) ? "read-lock " : "lock ") + monitor;
            case UNLOCK -> (e.has(Event.SHARED) ? "read-unlock " : "unlock ") + monitor;
            case WAIT -> "wait on " + monitor;
            case WAKE -> "wake up" + how(e) + ", re-lock " + monitor;
            case NOTIFY -> notify(e, monitor, symbols);
            case FORK -> "start " + peer(e, symbols);
            case JOIN -> (e.has(Event.ATTEMPT) ? "isAlive: dead " : "join ") + peer(e, symbols);
            case PARK -> e.value() == 1 ? "park, took the permit" : "park" + how(e);
            case UNPARK -> "unpark " + peer(e, symbols);
            case INTERRUPT -> "interrupt " + peer(e, symbols);
            case FENCE -> e.fenceKind().name().toLowerCase() + " fence";
            case YIELD -> e.outcome() == Outcome.NORMAL ? "yield" : instead(e, symbols, names);
            case LOOP -> "loop again (another thread changed what the loop read)";
            case EXIT -> e.assumptionFailed() ? "assume failed" : "exit(" + e.exitStatus() + ")";
        };
    }

    private static String jdkCall(Event e, Symbols symbols, ObjectNames names) {
        JdkCallSite site = symbols.calls().at(e.location());
        return (site == null ? "JDK call" : site.api()) + " on " + names.describe(e.address()) + (e.wrote() ? ", changes it" : ", reads it");
    }

    /**
     * Why a read returned an older value, named by the newest write it missed (which its row shows with
     * its line): "stale: main.1's MP.x = 1 at #10 not yet visible".
     */
    static String notYetVisible(Event missed, Trace trace) {
        ObjectNames names = trace.names();
        return "stale: " + trace.symbols().threads().name(missed.thread()) + "'s " + names.describe(missed.address()) + " = "
                + names.valueAt(missed.address(), missed.writtenValue(), missed.valueType()) + " at #" + (missed.index() + 1) + " not yet visible";
    }

    /** "acquire ", "release ", "opaque " before a READ or WRITE in that access mode; nothing for a plain one. */
    private static String mode(Event e) {
        AccessMode mode = AccessMode.of(e);
        return mode == AccessMode.PLAIN ? "" : mode.name().toLowerCase() + " ";
    }

    /** How a wait or park returned when it was not the usual way. */
    private static String how(Event e) {
        return switch (e.outcome()) {
            case NORMAL -> "";
            case SPURIOUS -> " spuriously";
            case TIMED_OUT -> " (timed out)";
            case INTERRUPTED -> " (interrupted)";
        };
    }

    private static String peer(Event e, Symbols symbols) {
        return symbols.threads().name(e.peerThread());
    }

    private static String notify(Event e, String monitor, Symbols symbols) {
        String call = e.has(Event.BROADCAST) ? "notifyAll " : "notify ";
        if (e.has(Event.BROADCAST)) {
            return call + monitor;
        }
        return call + monitor + (e.wokenThread() >= 0 ? " (wakes " + symbols.threads().name(e.wokenThread()) + ")" : " (wakes nobody)");
    }

    /** A YIELD that a blocking call recorded instead of its usual event. */
    private static String instead(Event e, Symbols symbols, ObjectNames names) {
        EventKind call = e.replacedKind();
        String what = e.address() == null ? "" : " " + (call == EventKind.LOCK ? names.of(e.address().object())
                : symbols.threads().name(e.address().slot()));
        String verb = switch (call) {
            case LOCK -> e.has(Event.ATTEMPT) && e.outcome() == Outcome.TIMED_OUT ? "tryLock" : "lock";
            case JOIN -> e.has(Event.ATTEMPT) ? "isAlive" : "join";
            case WAIT -> "wait on";
            default -> "sleep";
        };
        String result = switch (e.outcome()) {
            case TIMED_OUT -> e.has(Event.TIMED) ? "timed out" : call == EventKind.JOIN ? "alive" : "failed";
            case INTERRUPTED -> "interrupted";
            default -> e.outcome().name().toLowerCase();
        };
        return verb + what + ": " + result;
    }
}
