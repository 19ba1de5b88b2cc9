package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import subjects.LoopShapes;

/** The loop analysis on the shapes of {@link LoopShapes}: which loops are reported, which are pure, which locals they report. */
class LoopFinderTest {
    private static final String SHAPES = Type.getInternalName(LoopShapes.class);
    private static final List<String> CLASSES = List.of(SHAPES, SHAPES + "$Gate", SHAPES + "$FieldGate", SHAPES + "$MathGate",
            SHAPES + "$Source", SHAPES + "$Plain", SHAPES + "$Boxing");

    private final ClassHierarchy hierarchy = new ClassHierarchy(LoopFinderTest::bytes);
    private final LoopFinder finder = new LoopFinder(new HiddenState(hierarchy, LoopFinderTest::bytes, ProgramClasses::isInstrumented,
            new ProgramSubtypes(() -> CLASSES, hierarchy)));

    @Test
    void aBusyWaitOnAFieldIsPureAndReportsNoLocal() {
        LoopPlan.Loop loop = onlyLoop("pureFlag");
        assertTrue(loop.pure());
        assertEquals(List.of(), loop.changed());
    }

    @Test
    void aLocalAssignedBeforeItsUseInEveryIterationIsNotReported() {
        assertEquals(List.of(), onlyLoop("assignedBeforeUse").changed());
    }

    @Test
    void aCounterAndAKeptReadAreReportedAsTheLocalsTheLoopChanges() {
        assertEquals(List.of(new LoopPlan.Local(0, Type.INT)), onlyLoop("counting").changed());
        LoopPlan.Loop keeps = onlyLoop("keepsTheLastRead");
        assertTrue(keeps.pure());
        assertEquals(List.of(new LoopPlan.Local(0, Type.INT)), keeps.changed());
    }

    @Test
    void theClockAndAnAllocationHideState() {
        assertFalse(onlyLoop("readsTheClock").pure());
        assertFalse(onlyLoop("allocates").pure());
    }

    @Test
    void callsOnAJdkCollectionArePureUnlessGivenAnArrayOrCode() {
        assertTrue(onlyLoop("asksAJdkCollection").pure(), "a read of the list's state: an event where another thread can reach it");
        assertTrue(onlyLoop("changesAJdkCollection").pure(), "an event, or on a list no other thread reaches a change the runtime tells");
        assertTrue(onlyLoop("movesAnIteratorOn").pure());
        assertFalse(onlyLoop("handsAJdkCollectionAnArray").pure(), "toArray(a) writes into the array");
    }

    @Test
    void aLoopOfLocalComputationIsNotReportedButOneThatCanOnlySpinForEverIs() {
        assertTrue(plan("localOnly").isEmpty());
        assertTrue(onlyLoop("forever").pure());
    }

    @Test
    void aVirtualCallIsPureWhenEveryImplementationThatMayRunIs() {
        assertTrue(onlyLoop("throughPureImplementations").pure());
        assertFalse(onlyLoop("throughAnImplementationThatAllocates").pure());
        assertFalse(onlyLoop("throughALambda").pure(), "a lambda's class is not on the classpath");
    }

    @Test
    void anInnerLoopNamesTheLoopAroundIt() {
        List<LoopPlan.Loop> loops = plan("nested").loops();
        assertEquals(2, loops.size());
        LoopPlan.Loop outer = loops.stream().filter(l -> l.enclosing() < 0).findFirst().orElseThrow();
        LoopPlan.Loop inner = loops.stream().filter(l -> l.enclosing() >= 0).findFirst().orElseThrow();
        assertEquals(outer, loops.get(inner.enclosing()));
        assertEquals(List.of(new LoopPlan.Local(0, Type.INT)), outer.changed());
        assertEquals(List.of(), inner.changed());
    }

    @Test
    void aMonitorInsideTheLoopKeepsItPure() {
        assertTrue(onlyLoop("synchronizedRecheck").pure());
    }

    private LoopPlan.Loop onlyLoop(String method) {
        List<LoopPlan.Loop> loops = plan(method).loops();
        assertEquals(1, loops.size(), method + ": " + loops);
        return loops.get(0);
    }

    private LoopPlan plan(String name) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes(SHAPES)).accept(node, ClassReader.SKIP_FRAMES);
        MethodNode method = node.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
        return finder.plan(SHAPES, method);
    }

    private static byte[] bytes(String internalName) {
        try (InputStream in = LoopFinderTest.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
