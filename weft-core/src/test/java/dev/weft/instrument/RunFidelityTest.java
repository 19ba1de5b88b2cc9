package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.runtime.ProgramUnderTest;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Instrumented programs compute what the originals compute, and hooks that throw end a run instead of hanging it. */
class RunFidelityTest {

    private static Path subjects() throws Exception {
        return Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @ParameterizedTest
    @ValueSource(strings = {"subjects.Fields", "subjects.ArrayAccess", "subjects.Monitors", "subjects.WaitNotify", "subjects.Threads",
            "subjects.Locks", "subjects.Atomics", "subjects.Lambdas", "subjects.ClassInit"})
    void instrumentedRunEndsInTheSameStaticStateAsAPlainRun(String mainClass) throws Throwable {
        Map<String, String> plain;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {subjects().toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> main = Class.forName(mainClass, false, loader);
            main.getMethod("main", String[].class).invoke(null, (Object) new String[0]);
            plain = StaticState.of(List.of(main));
        }
        InstrumentedProgram program = InstrumentedProgram.open(subjects().toString(), mainClass, List.of());
        ProgramUnderTest.Copy copy = program.freshCopy(new RecordingHandler(program.symbols()));
        copy.runMain();
        Map<String, String> instrumented = new TreeMap<>(copy.staticState());
        instrumented.keySet().removeIf(field -> !field.startsWith(mainClass + ".") || field.substring(mainClass.length() + 1).contains("."));
        assertEquals(plain, instrumented);
    }

    @Test
    void aMonitorExitHookThatKeepsThrowingEndsTheRunInsteadOfLoopingInJavacsHandler() throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(subjects().toString(), "subjects.Monitors", List.of());
        RecordingHandler handler = new RecordingHandler(program.symbols());
        handler.failMonitorExits = true;
        ProgramUnderTest.Copy copy = program.freshCopy(handler);
        IllegalStateException failure = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(IllegalStateException.class, copy::runMain));
        assertEquals("run ended", failure.getMessage());
        assertEquals(List.of("monitorEnter Monitors", "monitorEnter Monitors", "monitorExit Monitors", "monitorExit Monitors"),
                handler.events().stream().map(String::strip).filter(e -> e.startsWith("monitor")).toList());
    }
}
