package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.ProgramUnderTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Programs that start at a test-shaped entry point instead of main. */
class EntryPointTest {
    private static final String SHAPED = "subjects.TestShaped";
    private static String subjects;

    @BeforeAll
    static void findSubjects() throws URISyntaxException {
        subjects = Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static EntryPoint entry(String body) {
        return new EntryPoint(SHAPED, List.of(ref("subjects.TestShapedBase", "baseSetUp"), ref(SHAPED, "setUp")), ref(SHAPED, body),
                List.of(ref(SHAPED, "tearDown")));
    }

    private static EntryPoint.MethodRef ref(String owner, String name) {
        return new EntryPoint.MethodRef(owner, name);
    }

    private static ProgramUnderTest.Copy copy(EntryPoint entry) throws BadProgramException {
        InstrumentedProgram program = InstrumentedProgram.openEntry(subjects, entry, SharedClasses.NONE);
        return program.freshCopy(new RecordingHandler(program.symbols()));
    }

    @Test
    void callsSetUpBodyAndTearDownInOrderOnOneFreshInstance() throws Throwable {
        ProgramUnderTest.Copy copy = copy(entry("body"));
        copy.runMain();
        assertEquals("\"baseSetUp;setUp;body1;tearDown;\"", copy.staticState().get("subjects.TestShaped.calls"));
    }

    @Test
    void tearDownRunsAfterAFailingBodyAndTheBodysExceptionIsThrown() throws BadProgramException {
        ProgramUnderTest.Copy copy = copy(entry("failingBody"));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, copy::runMain);
        assertEquals("from the body", thrown.getMessage());
        assertEquals("\"baseSetUp;setUp;failing;tearDown;\"", copy.staticState().get("subjects.TestShaped.calls"));
    }

    @Test
    void aMethodThatIsNotAnInstanceMethodWithoutParametersIsRefused() {
        BadProgramException refusal = assertThrows(BadProgramException.class,
                () -> InstrumentedProgram.openEntry(subjects, entry("absent"), SharedClasses.NONE));
        assertTrue(refusal.getMessage().startsWith("entry method subjects.TestShaped#absent is not an instance method"), refusal.getMessage());
    }

    @Test
    void aClassWithoutANoArgumentConstructorIsRefused() {
        EntryPoint entry = new EntryPoint("subjects.TestShapedWithArgument", List.of(), ref("subjects.TestShapedWithArgument", "body"), List.of());
        BadProgramException refusal = assertThrows(BadProgramException.class,
                () -> InstrumentedProgram.openEntry(subjects, entry, SharedClasses.NONE));
        assertEquals("class subjects.TestShapedWithArgument has no constructor without parameters", refusal.getMessage());
    }
}
