package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.instrument.symbolic.Subjects;
import dev.weft.runtime.symbolic.Expr;
import dev.weft.runtime.symbolic.Shadow;
import dev.weft.runtime.symbolic.ShadowLog;
import dev.weft.solver.PathConditionSolver;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

class SymbolicVisitorTest {
    @AfterEach
    void clearInputs() {
        for (String name : List.of("i", "j", "k", "flag")) {
            System.clearProperty("weft.input." + name);
        }
    }

    @Test
    void aBranchOnInputsJoinsThePathConditionWithTheConditionThatHeld() throws Exception {
        ShadowLog log = run("linear");
        assertEquals(List.of("((i * 2) + 1) <= 7", "Subjects.shared#1 != 3"), conditions(log));
        assertEquals("(j - i)", log.writes().get(0).value().toString());
        assertEquals(List.of(), log.concretisations());
    }

    @Test
    void theOtherSideIsRecordedWhenTheInputsTakeIt() throws Exception {
        System.setProperty("weft.input.i", "4");
        assertEquals(List.of("((i * 2) + 1) > 7"), conditions(run("linear")));
    }

    @Test
    void theNegatedConditionSolvedGivesInputsThatTakeTheOtherSide() throws Exception {
        ShadowLog first = run("linear");
        List<Expr.Condition> path = first.branches().stream().map(b -> first.resolved(b.taken())).toList();
        assertEquals("(j - i) != 3", path.get(1).toString(), "the read of shared is the write it read");
        Map<String, Long> inputs;
        try (PathConditionSolver solver = new PathConditionSolver()) {
            inputs = solver.solve(List.of(path.get(0), path.get(1).negated())).inputs();
        }
        assertEquals(Set.of("i", "j"), inputs.keySet());
        inputs.forEach((name, value) -> System.setProperty("weft.input." + name, value.toString()));
        Object[] result = new Object[1];
        ShadowLog second = run("linear", result);
        assertEquals(path.get(0), second.resolved(second.branches().get(0).taken()));
        assertEquals(2, result[0], "the run takes the branch the solver was asked for");
    }

    @Test
    void argumentsAndResultsOfProgramMethodsKeepTheirExpressions() throws Exception {
        assertEquals(List.of("((i + 1) + (i + 1)) != 4"), conditions(run("throughCall")));
    }

    @Test
    void longArithmeticAndCastsKeepTheirExpressions() throws Exception {
        ShadowLog log = run("longs");
        assertEquals(List.of("(k * 3) <= 10", "(int) ((k * 3) - 1) < 0"), conditions(log));
    }

    @Test
    void aProductOfTwoSymbolicValuesIsConcretisedAndRecorded() throws Exception {
        ShadowLog log = run("nonLinear");
        assertEquals(List.of(), conditions(log));
        assertEquals(1, log.concretisations().size());
        assertTrue(log.concretisations().get(0).toString().startsWith("concretised: non-linear arithmetic at Subjects.java:"),
                log.concretisations().toString());
    }

    @Test
    void aSymbolicArgumentOfJdkCodeIsConcretisedAndRecorded() throws Exception {
        ShadowLog log = run("intoTheJdk");
        assertEquals(List.of(), conditions(log));
        assertEquals("concretised: argument of abs(I)I (not instrumented)", log.concretisations().get(0).toString().replaceAll(" at .*", ""));
    }

    @Test
    void memoryHoldingSymbolicValuesPassedToTheJdkIsAConcretisation() throws Exception {
        ShadowLog log = run("copiedByTheJdk");
        assertEquals("0 <= 3", log.resolved(log.branches().get(0).taken()).toString(), "the copy reads as its concrete value");
        assertEquals("concretised: memory holding symbolic values passed to arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V (not instrumented)",
                log.concretisations().get(0).toString().replaceAll(" at .*", ""));
    }

    @Test
    void theShadowKeepsInStepThroughArraysFieldsExceptionsAndLongLocals() throws Exception {
        System.setProperty("weft.input.i", "3");
        System.setProperty("weft.input.flag", "true");
        long plain = Subjects.mixed();
        Object[] result = new Object[1];
        ShadowLog log = run("mixed", result);
        assertEquals(plain, result[0], "the instrumented program computes what the plain one does");
        List<String> conditions = conditions(log);
        assertEquals(3, conditions.size(), conditions.toString());
        // a field read is a fresh symbol, tied to the write it reads (here: the field's old value plus i)
        assertTrue(conditions.get(0).matches("Subjects.field#\\d+ <= 100"), conditions.toString());
        assertTrue(log.writes().stream().anyMatch(w -> w.value().toString().matches("\\(Subjects.field#\\d+ \\+ i\\)")),
                log.writes().toString());
        assertEquals("(0 + i) <= 100", log.resolved(log.branches().get(0).taken()).toString(), "the field's old value was its initial 0");
        assertEquals("(i + 4) != 9", conditions.get(1));
        assertEquals("flag != 0", conditions.get(2));
        assertEquals(List.of(), log.concretisations());
    }

    private static List<String> conditions(ShadowLog log) {
        return log.branches().stream().map(b -> b.taken().toString()).toList();
    }

    private static ShadowLog run(String method) throws Exception {
        return run(method, new Object[1]);
    }

    private static ShadowLog run(String method, Object[] result) throws Exception {
        Class<?> subjects = new ShadowLoader().loadClass(Subjects.class.getName());
        Method m = subjects.getMethod(method);
        ShadowLog log = Shadow.begin();
        result[0] = m.invoke(null);
        return log;
    }

    /** Loads the subjects instrumented with the symbolic visitor alone; everything else from the test's loader. */
    private static final class ShadowLoader extends ClassLoader {
        private final Map<String, Class<?>> defined = new HashMap<>();

        ShadowLoader() {
            super(SymbolicVisitorTest.class.getClassLoader());
        }

        @Override
        protected synchronized Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Subjects.class.getName())) {
                return super.loadClass(name, resolve);
            }
            Class<?> c = defined.get(name);
            if (c == null) {
                byte[] bytes = instrument(read(name));
                c = defineClass(name, bytes, 0, bytes.length);
                defined.put(name, c);
            }
            return c;
        }

        private byte[] read(String name) throws ClassNotFoundException {
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                return in.readAllBytes();
            } catch (IOException | NullPointerException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static byte[] instrument(byte[] original) {
        ClassReader reader = new ClassReader(original);
        ClassNode outline = new ClassNode();
        reader.accept(outline, ClassReader.SKIP_FRAMES);
        Map<String, Integer> maxLocals = new HashMap<>();
        for (MethodNode method : outline.methods) {
            maxLocals.put(method.name + method.desc, method.maxLocals);
        }
        ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_FRAMES);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
                if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                    return mv;
                }
                int locals = maxLocals.get(name + descriptor);
                return new SymbolicVisitor(mv, outline.name, access, name, descriptor, outline.sourceFile, locals, locals);
            }
        }, ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
