package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.ProgramUnderTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the programs in package {@code subjects} instrumented, under a recording handler, and checks the hook calls. */
class InstrumentationTest {
    static String classpath;

    /** One run: its handler, its copy and what runMain threw (or null). */
    record Run(RecordingHandler handler, ProgramUnderTest.Copy copy, Throwable failure) {
        List<String> events() {
            return handler.events();
        }

        List<String> eventsStarting(String... prefixes) {
            return events().stream().filter(e -> List.of(prefixes).stream().anyMatch(e::startsWith)).collect(Collectors.toList());
        }

        String state(String field) {
            return copy.staticState().get(field);
        }
    }

    @BeforeAll
    static void findSubjects() throws URISyntaxException {
        classpath = Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    static Run run(String mainClass, String... args) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(classpath, mainClass, List.of(args));
        RecordingHandler handler = new RecordingHandler(program.symbols());
        ProgramUnderTest.Copy copy = program.freshCopy(handler);
        Throwable failure = null;
        try {
            copy.runMain();
        } catch (Throwable t) {
            failure = t;
        }
        return new Run(handler, copy, failure);
    }

    @Test
    void fieldsOfEveryTypeAreReadAndWrittenThroughHooks() throws Exception {
        Run run = run("subjects.Fields");
        assertNull(run.failure());
        assertEquals(List.of(
                "new Fields", "new Fields",
                "write Fields.z = 1", "write Fields.b = 2", "write Fields.c = 99", "write Fields.s = 3", "write Fields.i = 4",
                "write Fields.j = 5L", "write Fields.f = 1.5f", "write Fields.d = 2.5d", "write Fields.text = t",
                "write Fields.v volatile = 6",
                "read Fields.z", "-> 1", "read Fields.b", "-> 2", "read Fields.c", "-> 99", "read Fields.s", "-> 3",
                "read Fields.i", "-> 4", "read Fields.v volatile", "-> 6", "write Fields.total = 124",
                "read Fields.j", "-> 5L", "read Fields.f", "-> 1.5f", "read Fields.d", "-> 2.5d", "read Fields.text", "-> t",
                "write Fields.big = 9L"), run.events());
        assertEquals("124", run.state("subjects.Fields.total"));
    }

    @Test
    void locationsNameClassMethodFileAndLine() throws Exception {
        Run run = run("subjects.Fields");
        var location = InstrumentedProgram.open(classpath, "subjects.Fields", List.of()).symbols().locations()
                .get(run.handler().locationOf("write Fields.i = 4"));
        assertEquals("subjects.Fields", location.className());
        assertEquals("main", location.method());
        assertEquals("Fields.java", location.sourceFile());
        assertTrue(location.line() > 20, location.toString());
        var symbols = InstrumentedProgram.open(classpath, "subjects.Fields", List.of()).symbols();
        var readB = symbols.locations().get(run.handler().locationOf("read Fields.b"));
        var readC = symbols.locations().get(run.handler().locationOf("read Fields.c"));
        assertEquals(readB.line(), readC.line());
        assertTrue(readB.bytecodeIndex() < readC.bytecodeIndex(), readB + " " + readC);
    }

    @Test
    void arrayElementsOfEveryTypeAreReadAndWrittenThroughHooks() throws Exception {
        Run run = run("subjects.ArrayAccess");
        assertNull(run.failure());
        List<String> events = run.events();
        for (String expected : List.of("new int[]", "write int[][1] = 5", "write long[][0] = 7L", "write boolean[][0] = 1",
                "write byte[][0] = -3", "write char[][0] = 120", "write short[][0] = 4", "write float[][0] = 1.0f",
                "write double[][0] = 2.0d", "write String[][0] = n", "new int[][]", "read int[][][1]", "-> int[]",
                "write int[][0] = 6", "read boolean[][0]", "read byte[][0]", "-> -3", "read String[][0]", "-> n")) {
            assertTrue(events.contains(expected), expected + " missing from " + events);
        }
        assertEquals(String.valueOf(5 + 7 + 1 - 3 + 'x' + 4 + 1 + 2 + 6), run.state("subjects.ArrayAccess.sum"));
    }

    @Test
    void monitorsAreEnteredAndLeftThroughHooksIncludingReentryExceptionsAndSynchronizedMethods() throws Exception {
        Run run = run("subjects.Monitors");
        assertNull(run.failure());
        assertEquals(List.of(
                "monitorEnter Monitors", "monitorEnter Monitors", "monitorExit Monitors", "monitorExit Monitors",
                "monitorEnter Monitors", "monitorExit Monitors",
                "monitorEnter Monitors.class", "monitorExit Monitors.class",
                "monitorEnter Monitors", "monitorEnter Monitors", "monitorExit Monitors", "monitorExit Monitors"),
                run.eventsStarting("monitor"));
        assertEquals("3", run.state("subjects.Monitors.count"));
        assertEquals("\"boom\"", run.state("subjects.Monitors.caught"));
    }

    @Test
    void waitAndNotifyGoToTheRuntime() throws Exception {
        Run run = run("subjects.WaitNotify");
        assertNull(run.failure());
        List<String> main = run.eventsStarting("wrap", "start", "notify", "join", "wait");
        assertEquals(List.of("wrap body", "start Thread", "notifyAll Object", "join",
                "wait Object 5ms 0ns", "wait Object 0ms 1ns", "notify Object"),
                main.stream().filter(e -> !e.equals("wait Object")).collect(Collectors.toList()));
        assertEquals("1", run.state("subjects.WaitNotify.observed"));
    }

    @Test
    void threadOperationsGoToTheRuntimeAndOverridesOfStartStillStartTheThread() throws Exception {
        Run run = run("subjects.Threads");
        assertNull(run.failure());
        assertEquals(List.of(
                "wrap null", "start Worker", "join", "wrap null", "start LoudStarter", "join", "wrap body", "start Thread", "join 100000ms",
                "sleep 1ms 0ns", "yield", "yield", "wrap null", "interrupt", "interrupt", "isInterrupted", "interrupted", "isAlive"),
                run.eventsStarting("wrap", "start", "join", "sleep", "yield", "interrupt", "isInterrupted", "isAlive"));
        String child = RecordingHandler.CHILD;
        assertEquals(List.of(child + "body enter", child + "body exit true null", child + "body enter", child + "body exit true null",
                child + "begin", child + "end"), run.eventsStarting(child + "body", child + "begin", child + "end"));
        assertEquals("11111", run.state("subjects.Threads.ran"));
        assertEquals("true", run.state("subjects.Threads.flags"));
    }

    @Test
    void exitStopsTheProgramThroughTheRuntime() throws Exception {
        assertEquals(3, ((RecordingHandler.ExitCalled) run("subjects.Exits", "system").failure()).status);
        assertEquals(5, ((RecordingHandler.ExitCalled) run("subjects.Exits", "runtime").failure()).status);
        assertEquals(4, ((RecordingHandler.ExitCalled) run("subjects.Exits", "halt").failure()).status);
    }

    @Test
    void locksConditionsAndLockSupportGoToTheRuntimeButProgramLocksRunAsWritten() throws Exception {
        Run run = run("subjects.Locks");
        assertNull(run.failure());
        assertEquals(List.of(
                "newCondition ReentrantLock", "lock ReentrantLock", "lock ReentrantLock", "getHoldCount", "unlock ReentrantLock",
                "isHeldByCurrentThread", "isLocked", "unlock ReentrantLock",
                "tryLock ReentrantLock", "unlock ReentrantLock", "tryLock ReentrantLock 1 MILLISECONDS", "unlock ReentrantLock",
                "lockInterruptibly ReentrantLock", "await 1 MILLISECONDS", "awaitNanos 1000", "signal", "signalAll", "unlock ReentrantLock",
                "lock ReentrantLock", "unlock ReentrantLock",
                "readLock ReentrantReadWriteLock", "lock ReadLock", "readLock ReentrantReadWriteLock", "unlock ReadLock",
                "writeLock ReentrantReadWriteLock", "lock WriteLock", "writeLock ReentrantReadWriteLock", "unlock WriteLock",
                "unpark", "park null false", "park ReentrantLock true"),
                run.eventsStarting("newCondition", "lock", "unlock", "tryLock", "getHold", "isHeld", "isLocked", "await", "signal",
                        "readLock", "writeLock", "park", "unpark"));
        assertEquals("2", run.state("subjects.Locks.holds"));
        assertEquals("true", run.state("subjects.Locks.queried"));
        assertEquals("2", run.state("subjects.Locks.programLocks"));
    }

    @Test
    void atomicsAreBracketedOrHandedToTheRuntimeAndFencesAreReported() throws Exception {
        Run run = run("subjects.Atomics");
        assertNull(run.failure());
        String rmw = "atomic 5 ";
        assertEquals(List.of(
                "atomic 2 AtomicInteger[-1]", rmw + "AtomicInteger[-1]", rmw + "AtomicInteger[-1]", "moded lazySet",
                "update AtomicInteger[-1] true", "accumulate AtomicInteger[-1] 3 true", rmw + "AtomicInteger[-1]",
                "atomic 0 AtomicInteger[-1]",
                "update AtomicLong[-1] false", "atomic 0 AtomicLong[-1]",
                rmw + "AtomicBoolean[-1]",
                rmw + "AtomicReference[-1]", "update AtomicReference[-1] true", "atomic 0 AtomicReference[-1]",
                "atomic 2 AtomicIntegerArray[1]", rmw + "AtomicIntegerArray[1]", "atomic 0 AtomicIntegerArray[1]",
                "atomic 0 AtomicInteger[-1]", "atomic 0 AtomicInteger[-1]",
                "fence FULL", "fence ACQUIRE", "fence RELEASE", "fence LOAD_LOAD", "fence STORE_STORE"),
                run.eventsStarting("atomic ", "moded ", "update", "accumulate", "fence"));
        List<String> events = run.events();
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).startsWith("atomic ")) {
                assertEquals("after atomic", events.get(i + 1));
            }
        }
        assertEquals("16", run.state("subjects.Atomics.number"));
        assertEquals("11", run.state("subjects.Atomics.wide"));
        assertEquals("true", run.state("subjects.Atomics.flag"));
        assertEquals("\"bc\"", run.state("subjects.Atomics.text"));
        assertEquals("8", run.state("subjects.Atomics.element"));
    }

    @Test
    void hashCodesClocksAndRandomnessComeFromTheRuntime() throws Exception {
        Run run = run("subjects.Determinism");
        assertNull(run.failure());
        assertEquals("0", run.state("subjects.Determinism.identityOfNull"));
        assertEquals("42", run.state("subjects.Determinism.identity"));
        assertEquals("7", run.state("subjects.Determinism.plainHash"));
        assertEquals("38", run.state("subjects.Determinism.overriddenHash"));
        assertEquals(String.valueOf("weft".hashCode()), run.state("subjects.Determinism.stringHash"));
        assertEquals("1000", run.state("subjects.Determinism.millis"));
        assertEquals("2000", run.state("subjects.Determinism.nanos"));
        assertEquals("0.5", run.state("subjects.Determinism.random"));
        assertEquals(String.valueOf(new java.util.Random(99).nextInt()), run.state("subjects.Determinism.seeded"));
        for (String javaTime : List.of("instant", "utcClock", "local", "zoned")) {
            assertEquals("1000", run.state("subjects.Determinism." + javaTime), javaTime);
        }
    }

    @Test
    void aMethodOfAModelledClassThatTheModelLacksStopsTheRun() throws Exception {
        Run run = run("subjects.UsesRefusedConcurrency");
        assertEquals("java.util.concurrent.CompletableFuture.obtrudeValue", run.failure().getMessage());
        assertEquals(List.of("unsupported java.util.concurrent.CompletableFuture.obtrudeValue"), run.eventsStarting("unsupported"));
    }

    @Test
    void unsafeRawMemoryGoesToTheRuntime() throws Exception {
        Run run = run("subjects.UsesUnsafeRawMemory", "allocate-free");
        assertNull(run.failure());
        assertEquals(List.of("raw allocateMemory", "raw freeMemory"), run.eventsStarting("raw "));
    }

    @Test
    void standardInputThatRunsCannotShareStopsTheRun() throws Exception {
        assertEquals("java.lang.System.console", run("subjects.StandardInputUse", "console").failure().getMessage());
        assertEquals("java.io.FileDescriptor.in", run("subjects.StandardInputUse", "descriptor").failure().getMessage());
        java.io.InputStream before = System.in;
        System.setIn(new java.io.ByteArrayInputStream(new byte[] {1, 2}));
        try {
            Run twoReaders = run("subjects.StandardInputUse", "two-readers");
            assertEquals(List.of(RecordingHandler.CHILD + "unsupported standard input read by two threads (main and Thread-0)"),
                    twoReaders.eventsStarting(RecordingHandler.CHILD + "unsupported"));
        } finally {
            System.setIn(before);
        }
    }

    @Test
    void systemSetInChangesTheRunsStandardInputOnly() throws Exception {
        java.io.InputStream before = System.in;
        Run run = run("subjects.StandardInputUse", "set-in");
        assertNull(run.failure());
        assertEquals("7", run.state("subjects.StandardInputUse.read"));
        assertSame(before, System.in);
    }

    @Test
    void lambdasMethodReferencesAnonymousAndNestedClassesRunAsThreadBodies() throws Exception {
        Run run = run("subjects.Lambdas");
        assertNull(run.failure());
        assertEquals(List.of("wrap body", "wrap body", "wrap body", "wrap body"), run.eventsStarting("wrap"));
        assertEquals(4, run.eventsStarting(RecordingHandler.CHILD + "monitorEnter Counter").size());
        assertEquals("4", run.state("subjects.Lambdas.total"));
    }

    @Test
    void finalFieldsAreHookedOnlyWhereTheirObjectCanEscapeItsConstructorWhichThenFreezesThem() throws Exception {
        Run run = run("subjects.FinalFields");
        assertNull(run.failure());
        List<String> events = run.events();
        assertTrue(events.stream().noneMatch(e -> e.contains("Kept.x")), events.toString());
        assertEquals(List.of("write FinalFields$Leaky.y = 2", "write FinalFields.last = Leaky", "final fields frozen",
                "read FinalFields$Leaky.y", "-> 2"), run.eventsStarting("write FinalFields$Leaky", "write FinalFields.last", "final fields",
                "read FinalFields$Leaky", "-> 2"));
        assertEquals("3", run.state("subjects.FinalFields.sum"));
    }

    @Test
    void staticInitialisersAreBracketed() throws Exception {
        Run run = run("subjects.ClassInit");
        assertNull(run.failure());
        assertEquals(List.of("init ClassInit", "clinit enter ClassInit", "write ClassInit.value = 5", "clinit exit ClassInit",
                "init ClassInit", "read ClassInit.value", "-> 5", "init ClassInit", "write ClassInit.value = 6"), run.handler().allEvents());
    }

    @Test
    void everyCopyStartsWithFreshStaticState() throws Throwable {
        InstrumentedProgram program = InstrumentedProgram.open(classpath, "subjects.Lambdas", List.of());
        for (int i = 0; i < 3; i++) {
            ProgramUnderTest.Copy copy = program.freshCopy(new RecordingHandler(program.symbols()));
            copy.runMain();
            assertEquals("4", copy.staticState().get("subjects.Lambdas.total"));
        }
    }

    @Test
    void methodReferencesToJdkMethodsAreInterceptedThroughBridges() throws Exception {
        Run run = run("subjects.MethodRefs");
        assertNull(run.failure());
        List<String> events = run.events();
        assertTrue(events.contains(RecordingHandler.CHILD + "atomic 5 AtomicInteger[-1]"), events.toString());
        assertTrue(events.contains("new ReentrantLock"), events.toString());
        assertEquals(List.of("lock ReentrantLock", "unlock ReentrantLock"), run.eventsStarting("lock", "unlock"));
        assertEquals(List.of("wrap body", "wrap body"), run.eventsStarting("wrap"));
        assertEquals("1", run.state("subjects.MethodRefs.value"));
        assertEquals("true", run.state("subjects.MethodRefs.sameAsItself"));
    }

    @Test
    void anExceptionLeavingAThreadBodyIsReportedAndStillPropagates() throws Exception {
        Run run = run("subjects.ThreadFailures");
        assertNull(run.failure());
        assertEquals(List.of("wrap null", "start Failing"), run.eventsStarting("wrap", "start"));
        assertEquals(List.of(RecordingHandler.CHILD + "body enter", RecordingHandler.CHILD + "body exit true IllegalStateException"),
                run.eventsStarting(RecordingHandler.CHILD + "body"));
        assertEquals("\"body failed\"", run.state("subjects.ThreadFailures.caught"));
    }

    @Test
    void threadsMadeWithoutANameAreNamedAsInAFreshJvmInEveryRun() throws Exception {
        for (int i = 0; i < 2; i++) {
            assertEquals("\"Thread-0 named Thread-1 Thread-2\"", run("subjects.ThreadNames").state("subjects.ThreadNames.names"));
        }
    }

    @Test
    void theProgramSeesNeitherWeftNorItsDependencies() throws Exception {
        assertEquals("\"Hooks ArrayList \"", run("subjects.Isolation").state("subjects.Isolation.visible"));
    }
}
