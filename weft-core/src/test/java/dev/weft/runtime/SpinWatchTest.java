package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import org.junit.jupiter.api.Test;

class SpinWatchTest {
    private static final Address FLAG = Address.staticField(1);
    private static final Address NUMBER = Address.staticField(2);
    private static final int FLAG_LOOP = 10;
    private static final int NUMBER_LOOP = 20;

    private static PendingOperation readAt(int location, Address address) {
        return new PendingOperation(EventKind.READ, address, location);
    }

    @Test
    void aRepeatWaitsForAWriteToWhatItsIterationRead() {
        SpinWatch watch = new SpinWatch();
        watch.read(NUMBER_LOOP, NUMBER);
        assertTrue(watch.blocks(readAt(NUMBER_LOOP, NUMBER)));
        watch.written(NUMBER);
        assertFalse(watch.blocks(readAt(NUMBER_LOOP, NUMBER)));
        watch.read(NUMBER_LOOP, NUMBER);
        assertTrue(watch.blocks(readAt(NUMBER_LOOP, NUMBER)), "one write justifies one more iteration");
    }

    @Test
    void aWriteToWhatAnEarlierLoopReadJustifiesNothing() {
        SpinWatch watch = new SpinWatch();
        watch.read(FLAG_LOOP, FLAG);
        watch.read(NUMBER_LOOP, NUMBER);
        watch.written(FLAG);
        assertTrue(watch.blocks(readAt(NUMBER_LOOP, NUMBER)));
        assertFalse(watch.blocks(readAt(FLAG_LOOP, FLAG)), "the flag loop's iteration read the flag");
    }

    @Test
    void aNonReadOperationEndsTheWindow() {
        SpinWatch watch = new SpinWatch();
        watch.read(NUMBER_LOOP, NUMBER);
        watch.reset();
        assertFalse(watch.blocks(readAt(NUMBER_LOOP, NUMBER)));
    }
}
