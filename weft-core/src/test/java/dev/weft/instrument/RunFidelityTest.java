package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.weft.runtime.ProgramUnderTest;
import java.net.URL;
import java.net.URLClassLoader;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Label;
import org.objectweb.asm.Opcodes;

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

    /**
     * A Java 5 class file has no stack map frames, so the analyzer loses the stack types after a jump:
     * its branches, field writes and synchronized method must still be instrumented and verify.
     */
    @Test
    void classFilesWithoutStackMapFramesAreInstrumented(@TempDir Path directory) throws Throwable {
        Files.write(directory.resolve("Old.class"), java5Class());
        InstrumentedProgram program = InstrumentedProgram.open(directory.toString(), "Old", List.of());
        RecordingHandler handler = new RecordingHandler(program.symbols());
        ProgramUnderTest.Copy copy = program.freshCopy(handler);
        copy.runMain();
        assertEquals("3", copy.staticState().get("Old.count"));
        assertEquals(List.of("monitorEnter Old.class", "read Old.count", "-> 0", "write Old.count = 1", "monitorExit Old.class",
                "monitorEnter Old.class", "read Old.count", "-> 1", "write Old.count = 2", "monitorExit Old.class",
                "monitorEnter Old.class", "read Old.count", "-> 2", "write Old.count = 3", "monitorExit Old.class"),
                handler.events());
    }

    /** class Old { static int count; static synchronized void bump() { count++; } main: for (i = 0; i < 3; i++) bump(); } */
    private static byte[] java5Class() {
        GeneratedClass old = new GeneratedClass("Old", Opcodes.V1_5);
        old.method(Opcodes.ACC_SYNCHRONIZED, "bump", "()V", bump -> {
            old.count(bump, Opcodes.GETSTATIC);
            bump.visitInsn(Opcodes.ICONST_1);
            bump.visitInsn(Opcodes.IADD);
            old.count(bump, Opcodes.PUTSTATIC);
        });
        return old.main(main -> {
            Label loop = new Label();
            Label done = new Label();
            main.visitInsn(Opcodes.ICONST_0);
            main.visitVarInsn(Opcodes.ISTORE, 1);
            main.visitLabel(loop);
            main.visitVarInsn(Opcodes.ILOAD, 1);
            main.visitInsn(Opcodes.ICONST_3);
            main.visitJumpInsn(Opcodes.IF_ICMPGE, done);
            main.visitMethodInsn(Opcodes.INVOKESTATIC, "Old", "bump", "()V", false);
            main.visitIincInsn(1, 1);
            main.visitJumpInsn(Opcodes.GOTO, loop);
            main.visitLabel(done);
        }).bytes();
    }

    /** The JSON parsers and generators of jackson-core: large, branchy methods of a real library. */
    private static final String PARSERS = "com/fasterxml/jackson/core/json/";

    /** A real library's classes instrumented, loaded, verified and initialised. */
    @Test
    void aLibraryInstrumentsVerifiesAndInitialises() throws Throwable {
        Path jar = Path.of(com.fasterxml.jackson.core.JsonFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> classes;
        try (JarFile file = new JarFile(jar.toFile())) {
            classes = file.stream().map(JarEntry::getName)
                    .filter(name -> name.startsWith(PARSERS) && name.endsWith(".class") && !name.contains("-"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
                    .collect(Collectors.toList());
        }
        InstrumentedProgram program = InstrumentedProgram.open(subjects() + File.pathSeparator + jar, "subjects.LoadAll", classes);
        ProgramUnderTest.Copy copy = program.freshCopy(new RecordingHandler(program.symbols()));
        copy.runMain();
        assertTrue(classes.size() > 10);
        assertEquals(String.valueOf(classes.size()), copy.staticState().get("subjects.LoadAll.loaded"));
    }
}
