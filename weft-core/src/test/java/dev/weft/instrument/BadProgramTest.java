package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
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
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "Big", null, "java/lang/Object", null);
        writer.visitField(Opcodes.ACC_STATIC, "x", "I", null, null).visitEnd();
        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        for (int i = 0; i < 6000; i++) {
            main.visitFieldInsn(Opcodes.GETSTATIC, "Big", "x", "I");
            main.visitInsn(Opcodes.POP);
        }
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }
}
