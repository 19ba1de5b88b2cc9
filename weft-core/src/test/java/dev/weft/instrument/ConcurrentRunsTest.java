package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every run shares one copy of Weft's hooks, yet runs at the same time in one JVM each report to their own scheduler. */
class ConcurrentRunsTest {

    private static RunResult run(String mainClass) throws Exception {
        String classpath = Path.of(subjects.Fields.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return new ControlledExecutor(InstrumentedProgram.open(classpath, mainClass, List.of()), RunConfig.of(MemoryModel.SC))
                .run(ContinuationPolicy.INSTANCE);
    }

    @Test
    void runsAtTheSameTimeKeepTheirOwnTraces() throws Exception {
        List<String> programs = List.of("subjects.Threads", "subjects.Monitors", "subjects.WaitNotify", "subjects.Locks");
        for (String program : programs) {
            RunResult alone = run(program);
            CountDownLatch bothReady = new CountDownLatch(2);
            List<CompletableFuture<RunResult>> together = List.of(program, "subjects.Atomics").stream()
                    .map(name -> CompletableFuture.supplyAsync(() -> {
                        bothReady.countDown();
                        try {
                            bothReady.await();
                            return run(name);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }))
                    .toList();
            RunResult concurrent = together.get(0).get(60, TimeUnit.SECONDS);
            together.get(1).get(60, TimeUnit.SECONDS);
            assertEquals(RunResult.Status.COMPLETED, concurrent.status(), program + ": " + concurrent.detail());
            assertEquals(alone.schedule(), concurrent.schedule(), program);
            assertEquals(alone.trace().events(), concurrent.trace().events(), program);
            assertEquals(alone.finalState(), concurrent.finalState(), program);
        }
    }
}
