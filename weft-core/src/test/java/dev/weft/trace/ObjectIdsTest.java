package dev.weft.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An object's rendered name parses back to its id (a schedule file names objects so). */
class ObjectIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"main#3", "main.1@2", "Integer(-7)", "Boolean(1)", "\"USER\"", "\"\"", "\"a \\\"quoted\\\" text\"", "null"})
    void aRenderedNameParsesBackToItsId(String name) {
        Symbols symbols = new Symbols();
        long id = ObjectIds.parse(name, symbols);
        assertEquals(name, ObjectIds.render(id, symbols));
        assertEquals(id, ObjectIds.parse(ObjectIds.render(id, symbols), symbols));
    }
}
