package dev.weft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WeftTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty("weft.input.n");
        System.clearProperty("weft.input.flag");
    }

    @Test
    void anInputOutsideWeftIsItsMinimum() {
        assertEquals(3, Weft.input("n", 3, 9));
        assertEquals(-5L, Weft.input("n", -5L, 5L));
        assertFalse(Weft.inputBoolean("flag"));
    }

    @Test
    void aSystemPropertyGivesTheInput() {
        System.setProperty("weft.input.n", "7");
        System.setProperty("weft.input.flag", "true");
        assertEquals(7, Weft.input("n", 3, 9));
        assertTrue(Weft.inputBoolean("flag"));
    }

    @Test
    void aGivenInputOutsideItsRangeIsRefused() {
        System.setProperty("weft.input.n", "10");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Weft.input("n", 3, 9));
        assertTrue(e.getMessage().contains("outside its range 3..9"), e.getMessage());
    }

    @Test
    void assumeFalseSaysSo() {
        Weft.assume(true);
        Weft.AssumptionViolated e = assertThrows(Weft.AssumptionViolated.class, () -> Weft.assume(false));
        assertTrue(e.getMessage().contains("assume(false)"), e.getMessage());
    }
}
