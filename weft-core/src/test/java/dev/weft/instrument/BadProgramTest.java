package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/** Programs Weft cannot check are refused with one clear message, never run half-instrumented. */
class BadProgramTest {
    private static String subjects;

    @TempDir
    Path directory;

    @BeforeAll
    static void findSubjects() throws URISyntaxException {
        subjects = Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String refusal(String classpath, String mainClass) {
        return assertThrows(BadProgramException.class, () -> InstrumentedProgram.open(classpath, mainClass, List.of())).getMessage();
    }

    @Test
    void missingClasspathEntry() {
        String missing = directory.resolve("nowhere").toString();
        assertEquals("classpath entry not found: " + missing, refusal(subjects + File.pathSeparator + missing, "subjects.Fields"));
    }

    @Test
    void missingClass() {
        assertTrue(refusal(subjects, "subjects.Absent").startsWith("main class subjects.Absent not found on the classpath"));
    }

    @Test
    void classWithoutStaticMain() {
        assertEquals("class subjects.NoMain has no public static void main(String[])", refusal(subjects, "subjects.NoMain"));
    }

    @Test
    void mainClassInsideTheJdk() {
        assertTrue(refusal(subjects, "java.lang.Thread").contains("is in a package Weft does not instrument"));
    }

    @Test
    void invalidClassFile() throws Exception {
        Files.write(directory.resolve("Broken.class"), "not a class file".getBytes());
        assertTrue(refusal(directory.toString(), "Broken").startsWith("invalid class file for Broken"));
    }

    @Test
    void methodTooLargeOnceInstrumented() throws Exception {
        Files.write(directory.resolve("Big.class"), bigClass());
        String message = refusal(directory.toString(), "Big");
        assertTrue(message.startsWith("cannot instrument class Big"), message);
        assertTrue(message.contains("MethodTooLarge"), message);
    }

    /** A class whose main reads a static field 6000 times: 24 KB of bytecode that instrumentation more than triples. */
    private static byte[] bigClass() {
        GeneratedClass big = new GeneratedClass("Big", Opcodes.V17);
        return big.main(main -> {
            for (int i = 0; i < 6000; i++) {
                big.count(main, Opcodes.GETSTATIC);
                main.visitInsn(Opcodes.POP);
            }
        }).bytes();
    }

    @Test
    void classFilesOlderThanJava5() throws Exception {
        Files.write(directory.resolve("Ancient.class"), new GeneratedClass("Ancient", Opcodes.V1_4).bytes());
        assertTrue(refusal(directory.toString(), "Ancient").contains("compiled for Java 1.4 or earlier"));
    }

    @Test
    void aJarThatIsNotAJar() throws Exception {
        Files.write(directory.resolve("fake.jar"), "not a zip".getBytes());
        assertTrue(refusal(directory.resolve("fake.jar").toString(), "Main").contains("is not a readable jar"));
    }

    @Test
    void aWildcardEntryTakesEveryJarOfItsDirectory() throws Throwable {
        Path lib = Files.createDirectory(directory.resolve("lib"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(lib.resolve("program.jar")))) {
            jar.putNextEntry(new JarEntry("Tiny.class"));
            jar.write(new GeneratedClass("Tiny", Opcodes.V17).main(main -> { }).bytes());
            jar.closeEntry();
        }
        InstrumentedProgram program = InstrumentedProgram.open(lib + File.separator + "*", "Tiny", List.of());
        program.freshCopy(new RecordingHandler(program.symbols())).runMain();
    }

    @Test
    void aJarClassThatCannotBeInstrumentedEndsTheRunWithTheSameRefusal() throws Exception {
        Path lib = Files.createDirectory(directory.resolve("lib"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(lib.resolve("big.jar")))) {
            jar.putNextEntry(new JarEntry("Big.class"));
            jar.write(bigClass());
            jar.closeEntry();
        }
        Path classes = Files.createDirectory(directory.resolve("classes"));
        Files.write(classes.resolve("CallsBig.class"), new GeneratedClass("CallsBig", Opcodes.V17).main(main -> {
            main.visitInsn(Opcodes.ACONST_NULL);
            main.visitMethodInsn(Opcodes.INVOKESTATIC, "Big", "main", "([Ljava/lang/String;)V", false);
        }).bytes());
        InstrumentedProgram program = InstrumentedProgram.open(classes + File.pathSeparator + lib.resolve("big.jar"), "CallsBig", List.of());
        InstrumentedProgram.InstrumentationFailure refusal = assertThrows(InstrumentedProgram.InstrumentationFailure.class,
                () -> program.freshCopy(new RecordingHandler(program.symbols())).runMain());
        assertTrue(refusal.getMessage().startsWith("cannot instrument class Big"), refusal.getMessage());
        // Under the runtime the refusal ends the run as unsupported, naming the class, never as the program's bug.
        RunResult run = new ControlledExecutor(program, RunConfig.of(MemoryModel.SC)).run(ContinuationPolicy.INSTANCE);
        assertEquals(RunResult.Status.UNSUPPORTED, run.status());
        assertTrue(run.detail().startsWith("unsupported: cannot instrument class Big"), run.detail());
    }
}
