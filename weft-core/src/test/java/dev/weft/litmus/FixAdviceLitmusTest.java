package dev.weft.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.advice.Advice;
import dev.weft.advice.Fix;
import dev.weft.advice.FixAdvisor;
import dev.weft.advice.FixAdvisorTest;
import dev.weft.advice.ProgramChecker;
import dev.weft.litmus.LitmusSimulator.Op;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fixes {@code --suggest-fixes} gives for litmus-sized examples, applied to the same programs in
 * the independent store-buffer simulator: the relaxed outcome the bug needs must be gone there too.
 * A field the advice makes volatile has volatile reads and writes, as the edited program would.
 */
class FixAdviceLitmusTest {

    /** A litmus operation and the source line of examples' program it stands for. */
    private record Line(int line, Op op) {
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void storeBufferingFixedAsAdvisedForbidsBothReadsSeeingZero(MemoryModel model) {
        List<List<Line>> sb = List.of(
                List.of(new Line(19, write("x")), new Line(20, read("y", "r1"))),
                List.of(new Line(23, write("y")), new Line(24, read("x", "r2"))));
        Map<String, Integer> bug = Map.of("r1", 0, "r2", 0);
        assertTrue(LitmusSimulator.allows(program(sb, List.of()), model, bug));
        List<Fix> fixes = advice("examples.StoreBuffering", model, "StoreBuffering.java");
        assertFalse(LitmusSimulator.allows(program(sb, fixes), model, bug), fixes.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = "PSO")
    void publicationFixedAsAdvisedNeverShowsTheFlagBeforeTheData(MemoryModel model) {
        List<List<Line>> mp = List.of(
                List.of(new Line(16, write("x")), new Line(17, write("y")), new Line(18, write("complete"))),
                List.of(new Line(21, read("complete", "c")), new Line(21, read("x", "rx"))));
        Map<String, Integer> bug = Map.of("c", 1, "rx", 0);
        assertTrue(LitmusSimulator.allows(program(mp, List.of()), model, bug));
        List<Fix> fixes = advice("examples.PublicationPSO", model, "PublicationPSO.java");
        assertFalse(LitmusSimulator.allows(program(mp, fixes), model, bug), fixes.toString());
    }

    private static List<Fix> advice(String mainClass, MemoryModel model, String file) {
        ProgramChecker checker = FixAdvisorTest.checker(mainClass);
        Advice advice = FixAdvisor.advise(checker.check(model, VirtualFixes.NONE, true), model, checker);
        assertEquals(Advice.Status.FIXED, advice.status(), advice.toString());
        advice.fixes().forEach(fix -> assertTrue(fix.kind() == Fix.Kind.VOLATILE || fix.fence().file().equals(file), fix.toString()));
        return advice.fixes();
    }

    /** The threads with the fixes applied: volatile fields' accesses are volatile, fences go before their line's first operation. */
    private static LitmusSimulator.Program program(List<List<Line>> threads, List<Fix> fixes) {
        List<List<Op>> out = new ArrayList<>();
        for (List<Line> thread : threads) {
            List<Op> ops = new ArrayList<>();
            int previousLine = -1;
            for (Line line : thread) {
                if (line.line() != previousLine) {
                    fencesBefore(line.line(), fixes, ops);
                }
                previousLine = line.line();
                ops.add(withFixedMode(line.op(), fixes));
            }
            out.add(ops);
        }
        return new LitmusSimulator.Program(out);
    }

    private static void fencesBefore(int line, List<Fix> fixes, List<Op> ops) {
        for (Fix fix : fixes) {
            if (fix.kind() == Fix.Kind.FENCE && fix.fence().line() == line) {
                FenceKind kind = fix.fence().kind();
                ops.add(kind == FenceKind.FULL ? new LitmusSimulator.Fence() : new LitmusSimulator.StoreStoreFence());
            }
        }
    }

    private static Op withFixedMode(Op op, List<Fix> fixes) {
        if (op instanceof LitmusSimulator.Write w && madeVolatile(w.location(), fixes)) {
            return new LitmusSimulator.Write(w.location(), w.value(), LitmusSimulator.Mode.VOLATILE);
        }
        if (op instanceof LitmusSimulator.Read r && madeVolatile(r.location(), fixes)) {
            return new LitmusSimulator.Read(r.location(), r.register(), LitmusSimulator.Mode.VOLATILE);
        }
        return op;
    }

    private static boolean madeVolatile(String location, List<Fix> fixes) {
        return fixes.stream().anyMatch(f -> f.kind() == Fix.Kind.VOLATILE && f.field().endsWith("." + location));
    }

    private static Op write(String location) {
        return new LitmusSimulator.Write(location, 1, LitmusSimulator.Mode.PLAIN);
    }

    private static Op read(String location, String register) {
        return new LitmusSimulator.Read(location, register, LitmusSimulator.Mode.PLAIN);
    }
}
