package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.ProgramUnderTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the programs in package {@code subjects} instrumented, under a recording handler, and checks the hook calls. */
class InstrumentationTest {
    private static InstrumentedProgram.Copy unused;
    static String classpath;

    /** One run: its handler, its copy and what runMain threw (or null). */
    record Run(RecordingHandler handler, ProgramUnderTest.Copy copy, Throwable failure) {
        List<String> events() {
            return handler.events();
        }

        List<String> eventsStarting(String... prefixes) {
            return events().stream().filter(e -> List.of(prefixes).stream().anyMatch(e::startsWith)).collect(Collectors.toList());
        }

        String state(String field) {
            return copy.staticState().get(field);
        }
    }

    @BeforeAll
    static void findSubjects() throws URISyntaxException {
        classpath = Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    static Run run(String mainClass, String... args) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(classpath, mainClass, List.of(args));
        RecordingHandler handler = new RecordingHandler(program.symbols());
        ProgramUnderTest.Copy copy = program.freshCopy(handler);
        Throwable failure = null;
        try {
            copy.runMain();
        } catch (Throwable t) {
            failure = t;
        }
        return new Run(handler, copy, failure);
    }

    @Test
    void fieldsOfEveryTypeAreReadAndWrittenThroughHooks() throws Exception {
        Run run = run("subjects.Fields");
        assertNull(run.failure());
        assertEquals(List.of(
                "new Fields", "new Fields",
                "write Fields.z = 1", "write Fields.b = 2", "write Fields.c = 99", "write Fields.s = 3", "write Fields.i = 4",
                "write Fields.j = 5L", "write Fields.f = 1.5f", "write Fields.d = 2.5d", "write Fields.text = t",
                "write Fields.v volatile = 6",
                "read Fields.z", "-> 1", "read Fields.b", "-> 2", "read Fields.c", "-> 99", "read Fields.s", "-> 3",
                "read Fields.i", "-> 4", "read Fields.v volatile", "-> 6", "write Fields.total = 124",
                "read Fields.j", "-> 5L", "read Fields.f", "-> 1.5f", "read Fields.d", "-> 2.5d", "read Fields.text", "-> t",
                "write Fields.big = 9L"), run.events());
        assertEquals("124", run.state("subjects.Fields.total"));
    }

    @Test
    void locationsNameClassMethodFileAndLine() throws Exception {
        Run run = run("subjects.Fields");
        var location = InstrumentedProgram.open(classpath, "subjects.Fields", List.of()).symbols().locations()
                .get(run.handler().locationOf("write Fields.i = 4"));
        assertEquals("subjects.Fields", location.className());
        assertEquals("main", location.method());
        assertEquals("Fields.java", location.sourceFile());
        assertTrue(location.line() > 20, location.toString());
    }

    @Test
    void arrayElementsOfEveryTypeAreReadAndWrittenThroughHooks() throws Exception {
        Run run = run("subjects.ArrayAccess");
        assertNull(run.failure());
        List<String> events = run.events();
        for (String expected : List.of("new int[]", "write int[][1] = 5", "write long[][0] = 7L", "write boolean[][0] = 1",
                "write byte[][0] = -3", "write char[][0] = 120", "write short[][0] = 4", "write float[][0] = 1.0f",
                "write double[][0] = 2.0d", "write String[][0] = n", "new int[][]", "read int[][][1]", "-> int[]",
                "write int[][0] = 6", "read boolean[][0]", "read byte[][0]", "-> -3", "read String[][0]", "-> n")) {
            assertTrue(events.contains(expected), expected + " missing from " + events);
        }
        assertEquals(String.valueOf(5 + 7 + 1 - 3 + 'x' + 4 + 1 + 2 + 6), run.state("subjects.ArrayAccess.sum"));
    }
}
