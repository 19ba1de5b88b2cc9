package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A null pointer's message under Weft is the one a plain {@code java} run of the same class file prints. */
class NullPointerMessagesTest {
    private static final String NPE = "java.lang.NullPointerException: ";

    @ParameterizedTest
    @ValueSource(strings = {"static", "path", "chain", "array", "local", "this", "invoke", "assign", "increment", "chainIncrement"})
    void theMessageNamesWhatTheProgramLoaded(String path) throws Exception {
        String classpath = Path.of(subjects.NullPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        InstrumentedProgram program = InstrumentedProgram.open(classpath, "subjects.NullPaths", List.of(path));
        RunResult run = new ControlledExecutor(program, RunConfig.of(MemoryModel.SC)).run(ContinuationPolicy.INSTANCE);

        String plain = plainJava(classpath, path);
        assertEquals("NullPointerException: " + plain, run.bug().message());
        assertTrue(run.bug().stackTrace().startsWith(NPE + plain), run.bug().stackTrace());
    }

    /** The message a JVM without Weft prints for the uncaught exception. */
    private static String plainJava(String classpath, String path) throws IOException, InterruptedException {
        Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                "subjects.NullPaths", path).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(java.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        java.waitFor();
        int start = err.indexOf(NPE);
        assertTrue(start >= 0, err);
        return err.substring(start + NPE.length(), err.indexOf('\n', start)).strip();
    }
}
