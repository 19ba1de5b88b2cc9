package examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CatalogTest {
    private static final String HEADER = "class\tmodel\tverdict\tkind\tnote\textra";

    @Test
    void readsRowsByHeaderNameAndSkipsComments() {
        List<Catalog.Entry> entries = Catalog.parse(List.of(
                "# comment", HEADER, "",
                "a.B\ttso\tbug\tdeadlock\tlocks crossed\t42",
                "a.C\tsc\tok\t-\tfine\t-"), "test");
        assertEquals(2, entries.size());
        Catalog.Entry first = entries.get(0);
        assertEquals("a.B", first.className());
        assertEquals("tso", first.memoryModel());
        assertTrue(first.expectsBug());
        assertEquals(Optional.of("deadlock"), first.bugKind());
        assertEquals("locks crossed", first.note());
        assertEquals("42", first.column("extra"));
        assertFalse(entries.get(1).expectsBug());
        assertEquals(Optional.empty(), entries.get(1).bugKind());
    }

    @Test
    void aRowMayLeaveOutTrailingColumnsThatAreNotRequired() {
        List<Catalog.Entry> entries = Catalog.parse(List.of(HEADER, "a.B	sc	ok	-	fine	-", "a.C	sc	ok	-	fine"), "test");
        assertTrue(entries.get(0).has("extra"));
        assertFalse(entries.get(1).has("extra"), "left out, which is not '-'");
        assertRejected("a.B	sc	ok	-	x	-	y", "tab-separated");
    }

    @Test
    void rejectsMalformedRowsWithTheirLineNumber() {
        assertRejected("a.B\tarm\tok\t-\tx\t-", "memory model");
        assertRejected("a.B\tsc\tmaybe\t-\tx\t-", "verdict");
        assertRejected("a.B\tsc\tbug\t-\tx\t-", "bug kind");
        assertRejected("a.B\tsc\tok\tdeadlock\tx\t-", "kind '-'");
        assertRejected("a.B\tsc\tok\t-", "tab-separated");
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> Catalog.parse(
                List.of(HEADER, "a.B\tsc\tok\t-\tx\t-", "a.B\tsc\tok\t-\ty\t-"), "test"));
        assertTrue(twice.getMessage().contains("listed twice"), twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Catalog.parse(List.of("class\tmodel"), "test"));
        assertThrows(IllegalArgumentException.class, () -> Catalog.load("no/such/catalog.tsv"));
    }

    @Test
    void bundledCatalogueCoversEveryModelOfEveryProgram() {
        List<Catalog.Entry> entries = Catalog.examples();
        long programs = entries.stream().map(Catalog.Entry::className).distinct().count();
        assertEquals(programs * 3, entries.size());
    }

    private static void assertRejected(String row, String messagePart) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Catalog.parse(List.of(HEADER, row), "test"));
        assertTrue(error.getMessage().startsWith("test:2: "), error.getMessage());
        assertTrue(error.getMessage().contains(messagePart), error.getMessage());
    }
}
