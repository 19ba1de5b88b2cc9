package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.trace.MemoryModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * sun.misc.Unsafe's raw memory and byte-array views (issue 18): what Weft can name exactly runs with its true values
 * (zeroed blocks, reallocateMemory keeping the bytes, setMemory and copyMemory cell by cell, a view's round trip, a
 * fixed load average), and what it cannot (an access over another access's bytes with another size, memory freed or
 * never allocated in the run) stops the exploration naming it, never a verdict. The corpus (examples.juc RawMemory*,
 * ByteView*) is CatalogVerdictTest's.
 */
class RawMemoryTest {
    private static final long RUNS = 100;

    private static ExplorationResult explore(String use, MemoryModel model) throws Exception {
        String subjects = Path.of(subjects.UsesUnsafeRawMemory.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        InstrumentedProgram program = InstrumentedProgram.open(subjects, "subjects.UsesUnsafeRawMemory", List.of(use));
        return RealRuns.explore(program, model, new DporStrategy(model), RUNS, false).result();
    }

    @ParameterizedTest
    @ValueSource(strings = {"allocate-free", "reallocate-copy", "zeroed", "load-average", "view-round-trip"})
    void exactUsesRunWithTheirTrueValues(String use) throws Exception {
        for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)) {
            ExplorationResult result = explore(use, model);
            assertNull(result.error(), use);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), use + " under " + model + ": " + result.bugs());
            assertTrue(result.complete(), use);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "mixed-sizes | sun.misc.Unsafe raw memory read or written with mixed sizes or types (a 4-byte I access at offset 4",
            "after-free | sun.misc.Unsafe access of memory already freed (freeMemory)",
            "foreign-address | sun.misc.Unsafe access at an address no allocateMemory of this run returned",
            "past-the-end | sun.misc.Unsafe access past the end of an allocateMemory block",
            "view-over-plain | a byte array read or written with mixed sizes (a 4-byte I access at byte 0",
            "plain-over-view | a byte array read or written with mixed sizes (a 1-byte B access at byte 6",
            "unsafe-int-in-long-array | sun.misc.Unsafe I access at byte 4 of a long[]",
            "buffer-view | java.lang.invoke.MethodHandles.byteBufferViewVarHandle (a ByteBuffer's bytes as ints)"})
    void whatCannotBeNamedStopsTheExplorationNamingIt(String use, String api) throws Exception {
        ExplorationResult result = explore(use, MemoryModel.SC);
        assertEquals(ExplorationResult.Stop.UNSUPPORTED, result.stop(), use);
        assertTrue(result.error().startsWith("unsupported: " + api), result.error());
        assertTrue(result.bugs().isEmpty());
    }

    /**
     * A program's own call of jdk.internal.misc.Unsafe (here getUnsafe, made with ASM: javac needs --add-exports) stops the
     * exploration naming why. getUnsafe used to run as written, and the IllegalAccessError it throws outside java.base was
     * reported as the program's bug.
     */
    @Test
    void jdkInternalUnsafeInProgramCodeStopsTheExplorationNamingWhy(@TempDir Path dir) throws Exception {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "UsesJdkUnsafe", null, "java/lang/Object", null);
        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "jdk/internal/misc/Unsafe", "getUnsafe", "()Ljdk/internal/misc/Unsafe;", false);
        main.visitInsn(Opcodes.POP);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        Files.write(dir.resolve("UsesJdkUnsafe.class"), writer.toByteArray());
        InstrumentedProgram program = InstrumentedProgram.open(dir.toString(), "UsesJdkUnsafe", List.of());
        ExplorationResult result = RealRuns.explore(program, MemoryModel.SC, new DporStrategy(MemoryModel.SC), RUNS, false).result();
        assertEquals(ExplorationResult.Stop.UNSUPPORTED, result.stop(), String.valueOf(result.bugs()));
        assertTrue(result.error().startsWith("unsupported: jdk.internal.misc.Unsafe.getUnsafe in program code (java.base exports it to no program"),
                result.error());
    }
}
