package dev.weft.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** References in texts a run made (JDK calls in words) are named once the whole run is known. */
class ObjectNamesTextTest {

    @Test
    void aReferenceIsNamedByItsObjectsNameOrByTypeAndStableId() {
        Symbols symbols = new Symbols();
        int main = symbols.threads().id("main");
        long map = ObjectIds.of(main, 1);
        long unknown = ObjectIds.of(main, 2);
        int site = symbols.locations().add(new Location("app.Main", "main", "Main.java", 12, 3));
        ReportDetail detail = new ReportDetail(Map.of(), Map.of(map, new ObjectOrigin(symbols.classes().id("java.util.HashMap"), site)), Map.of());
        ObjectNames names = new ObjectNames(symbols, List.of(), detail);

        String text = "String.valueOf(" + ObjectNames.reference(map, "HashMap") + ", " + ObjectNames.reference(unknown, "Node") + ") → \"{}\"";
        assertEquals("String.valueOf(HashMap@Main.java:12, Node main#2) → \"{}\"", names.inText(text));
    }
}
