package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.PrefixPolicy;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** DFS over the controlled executor: closed-form run counts, litmus outcomes under SC/TSO/PSO, replay. */
class ExplorationTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void dfsMakesOneRunPerInterleavingOfTwoThreads(int n) {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> {
                for (int i = 0; i < n; i++) {
                    t.write("x", i);
                }
            });
            for (int i = 0; i < n; i++) {
                t.write("y", i);
            }
        });
        List<RunResult> runs = Runs.dfs(p, MemoryModel.SC);
        assertEquals(multinomial(n, n, 0), runs.size());
        Set<String> schedules = new HashSet<>();
        runs.forEach(r -> assertTrue(schedules.add(r.schedule().toString()), "schedule repeated: " + r.schedule()));
    }

    @Test
    void threeThreadsGiveTheMultinomialCount() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> {
                t.write("x", 1);
                t.write("x", 2);
            });
            t.fork(() -> {
                t.write("y", 1);
                t.write("y", 2);
            });
            t.write("z", 1);
        });
        // main: FORK, FORK, write; main.1: 2 writes, main.2: 2 writes. main.1 may run before the second FORK.
        // Interleavings of main.1's 2 steps with main's 2 remaining steps, then main.2 (2 steps) after FORK-2 among the rest.
        long expected = 0;
        for (int before = 0; before <= 2; before++) {
            // 'before' steps of main.1 happen before main's second FORK; the rest interleave with main's write and main.2's two writes.
            int rest = 2 - before;
            expected += multinomial(rest, 1, 2);
        }
        assertEquals(expected, Runs.dfs(p, MemoryModel.SC).size());
    }

    private static long multinomial(int a, int b, int c) {
        return factorial(a + b + c) / (factorial(a) * factorial(b) * factorial(c));
    }

    private static long factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    /** Two threads, each a litmus thread; registers become the outcome. */
    private static TestProgram twoThreads(TestProgram.Body... bodies) {
        return Runs.threads(bodies);
    }

    private static Set<String> outcomes(TestProgram p, MemoryModel model) {
        return Runs.outcomes(Runs.dfs(p, model));
    }

    private static TestProgram storeBuffering(boolean fenced) {
        return twoThreads(t -> {
            t.write("x", 1);
            if (fenced) {
                Hooks.fence(FenceKind.FULL.ordinal(), -1);
            }
            t.record("r0", t.read("y"));
        }, t -> {
            t.write("y", 1);
            if (fenced) {
                Hooks.fence(FenceKind.FULL.ordinal(), -1);
            }
            t.record("r1", t.read("x"));
        });
    }

    private static final String SB_RELAXED = "{r0=0, r1=0}";

    @Test
    void storeBufferingIsRelaxedUnderTsoAndPsoOnly() {
        Set<String> sc = outcomes(storeBuffering(false), MemoryModel.SC);
        assertEquals(Set.of("{r0=0, r1=1}", "{r0=1, r1=0}", "{r0=1, r1=1}"), sc);
        Set<String> tso = outcomes(storeBuffering(false), MemoryModel.TSO);
        Set<String> pso = outcomes(storeBuffering(false), MemoryModel.PSO);
        Set<String> expected = new HashSet<>(sc);
        expected.add(SB_RELAXED);
        assertEquals(expected, tso);
        assertEquals(expected, pso);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void fullFencesRestoreStoreBuffering(MemoryModel model) {
        assertFalse(outcomes(storeBuffering(true), model).contains(SB_RELAXED));
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void volatileAccessesRestoreStoreBuffering(MemoryModel model) {
        TestProgram p = twoThreads(t -> {
            t.write("v", 1);
            t.record("r0", t.read("w"));
        }, t -> {
            t.write("w", 1);
            t.record("r1", t.read("v"));
        });
        Set<String> out = outcomes(p, model);
        assertFalse(out.contains(SB_RELAXED));
        assertEquals(3, out.size());
    }

    @Test
    void storeStoreFencesDoNotOrderLaterReads() {
        TestProgram p = twoThreads(t -> {
            t.write("x", 1);
            Hooks.fence(FenceKind.STORE_STORE.ordinal(), -1);
            t.record("r0", t.read("y"));
        }, t -> {
            t.write("y", 1);
            Hooks.fence(FenceKind.STORE_STORE.ordinal(), -1);
            t.record("r1", t.read("x"));
        });
        assertTrue(outcomes(p, MemoryModel.PSO).contains(SB_RELAXED));
    }

    private static TestProgram messagePassing(String flag, FenceKind writerFence) {
        return twoThreads(t -> {
            t.write("x", 1);
            if (writerFence != null) {
                Hooks.fence(writerFence.ordinal(), -1);
            }
            t.write(flag, 1);
        }, t -> {
            t.record("r0", t.read(flag));
            t.record("r1", t.read("x"));
        });
    }

    private static final String MP_RELAXED = "{r0=1, r1=0}";

    @Test
    void messagePassingIsRelaxedUnderPsoOnly() {
        assertFalse(outcomes(messagePassing("y", null), MemoryModel.SC).contains(MP_RELAXED));
        assertFalse(outcomes(messagePassing("y", null), MemoryModel.TSO).contains(MP_RELAXED));
        Set<String> pso = outcomes(messagePassing("y", null), MemoryModel.PSO);
        assertEquals(Set.of("{r0=0, r1=0}", "{r0=0, r1=1}", "{r0=1, r1=1}", MP_RELAXED), pso);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void aVolatileFlagOrMessageFenceRestoresMessagePassing(MemoryModel model) {
        assertFalse(outcomes(messagePassing("v", null), model).contains(MP_RELAXED));
        assertFalse(outcomes(messagePassing("y", FenceKind.STORE_STORE), model).contains(MP_RELAXED));
        assertFalse(outcomes(messagePassing("y", FenceKind.RELEASE), model).contains(MP_RELAXED));
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void aThreadReadsItsOwnBufferedWrite(MemoryModel model) {
        TestProgram p = twoThreads(t -> {
            t.write("x", 1);
            t.record("r0", t.read("x"));
            t.record("r1", t.read("y"));
        }, t -> {
            t.write("y", 1);
            t.record("r2", t.read("x"));
        });
        Set<String> out = outcomes(p, model);
        assertTrue(out.contains("{r0=1, r1=0, r2=0}"), out.toString());
        out.forEach(o -> assertTrue(o.contains("r0=1"), o));
    }

    @Test
    void arraysAndInstanceFieldsAreBufferedToo() {
        TestProgram p = new TestProgram(t -> {
            int[] data = t.newArray(2);
            Box box = t.newBox();
            Thread writer = t.fork(() -> {
                t.writeElement(data, 1, 7);
                t.writeBox(box, 1);
            });
            Thread reader = t.fork(() -> {
                t.record("flag", t.readBox(box));
                t.record("data", t.readElement(data, 1));
            });
            t.join(writer);
            t.join(reader);
            t.record("final", t.readElement(data, 1));
        });
        assertFalse(outcomes(p, MemoryModel.TSO).contains("{data=0, final=7, flag=1}"));
        assertTrue(outcomes(p, MemoryModel.PSO).contains("{data=0, final=7, flag=1}"));
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void replayingAScheduleGivesTheSameTrace(MemoryModel model) {
        TestProgram p = storeBuffering(false);
        ControlledExecutor executor = new ControlledExecutor(p, Runs.config(model));
        for (RunResult r : Runs.dfs(p, model)) {
            RunResult again = executor.run(new PrefixPolicy(r.schedule(), ContinuationPolicy.INSTANCE));
            assertEquals(r.schedule(), again.schedule());
            assertEquals(r.trace().events(), again.trace().events());
            assertEquals(r.trace().initialValues(), again.trace().initialValues());
            assertEquals(r.finalState(), again.finalState());
        }
    }

    /** Programs with locks, wait/notify, atomics-free litmus code and buffered writes, for the replay check. */
    private static List<TestProgram> replayPrograms() {
        List<TestProgram> programs = new ArrayList<>();
        programs.add(Litmus.named("SB+rfi").program());
        programs.add(Litmus.named("ISA2").program());
        programs.add(new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            Box shared = t.newBox();
            List<Thread> workers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                workers.add(t.fork(() -> t.sync(monitor, () -> {
                    t.writeBox(shared, t.readBox(shared) + 1);
                    t.notifyOn(monitor, true);
                })));
            }
            Hooks.monitorEnter(monitor, -1);
            while (t.readBox(shared) < 3) {
                t.waitOn(monitor);
            }
            Hooks.monitorExit(monitor, -1);
            for (Thread w : workers) {
                t.join(w);
            }
            t.record("count", t.readBox(shared));
        }));
        return programs;
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void randomSchedulesReplayEventByEvent(MemoryModel model) {
        for (TestProgram p : replayPrograms()) {
            ControlledExecutor executor = new ControlledExecutor(p, Runs.config(model));
            List<RunResult> runs = new ArrayList<>();
            new dev.weft.explore.Explorer(policy -> {
                RunResult r = executor.run(policy);
                runs.add(r);
                return r;
            }, new dev.weft.explore.RandomStrategy(11, 40), new dev.weft.explore.ExplorationLimits(0, null, true), null).explore();
            for (RunResult r : runs) {
                assertEquals(r.schedule().size(), r.trace().events().stream().filter(e -> e.has(dev.weft.trace.Event.CHOSEN)).count(),
                        "one CHOSEN event per choice");
                RunResult again = executor.run(new PrefixPolicy(r.schedule(), ContinuationPolicy.INSTANCE));
                assertEquals(r.status(), again.status());
                assertEquals(r.schedule(), again.schedule());
                assertEquals(r.trace().events(), again.trace().events());
                assertEquals(r.finalState(), again.finalState());
            }
        }
    }

    @Test
    void noThreadOfARunOutlivesIt() {
        List<Thread> seen = new ArrayList<>();
        AtomicInteger runs = new AtomicInteger();
        TestProgram p = new TestProgram(t -> {
            runs.incrementAndGet();
            seen.add(Thread.currentThread());
            Object m = new Object();
            Thread child = t.fork(() -> {
                seen.add(Thread.currentThread());
                t.sync(m, () -> t.write("x", 1));
            });
            t.sync(m, () -> t.write("y", 1));
            seen.add(child);
        });
        Runs.dfs(p, MemoryModel.SC);
        assertTrue(runs.get() > 1);
        seen.forEach(thread -> assertFalse(thread.isAlive(), thread + " is still alive"));
    }
}
