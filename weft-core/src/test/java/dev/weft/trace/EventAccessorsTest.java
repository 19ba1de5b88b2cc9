package dev.weft.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** An event's multi-purpose values are read by name, and only for the kinds each name serves. */
class EventAccessorsTest {
    private static final Address LOCK = Address.lock(7);

    @Test
    void eachKindsValuesReadByName() {
        assertEquals(3, event(EventKind.FORK, null, 0, 3, 0).peerThread());
        assertEquals(2, event(EventKind.INTERRUPT, null, 0, 2, 0).peerThread());
        assertEquals(1, event(EventKind.NOTIFY, LOCK, 0, 1, 0).wokenThread());
        assertEquals(-1, event(EventKind.WAKE, LOCK, 0, -1, 0).takenNotify());
        assertEquals(5, event(EventKind.FLUSH, Address.staticField(0), 1, 5, 0).flushedWrite());
        assertEquals(9, event(EventKind.WAIT, LOCK, 9, -1, 0).waitSet());
        assertEquals(FenceKind.FULL, event(EventKind.FENCE, null, FenceKind.FULL.ordinal(), 0, 0).fenceKind());
        assertEquals(42, event(EventKind.EXIT, null, 42, 0, 0).exitStatus());
        assertEquals(EventKind.LOCK, event(EventKind.YIELD, LOCK, EventKind.LOCK.ordinal(), 0, Event.flagsOf(Outcome.TIMED_OUT)).replacedKind());
    }

    @Test
    void aNameAskedOfAnotherKindIsRefused() {
        Event read = event(EventKind.READ, Address.staticField(0), 4, 0, 0);
        assertThrows(IllegalStateException.class, read::peerThread);
        assertThrows(IllegalStateException.class, read::flushedWrite);
        assertThrows(IllegalStateException.class, read::fenceKind);
        assertThrows(IllegalStateException.class, () -> event(EventKind.YIELD, null, 0, 0, 0).replacedKind(), "a plain yield replaced nothing");
        assertThrows(IllegalStateException.class, () -> event(EventKind.NOTIFY, LOCK, 0, 1, 0).peerThread());
    }

    private static Event event(EventKind kind, Address address, long value, long value2, int flags) {
        return new Event(0, kind, 0, 1, -1, address, value, value2, 'I', flags);
    }
}
