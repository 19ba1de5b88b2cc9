package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void runsTwoThreads() {
        TestProgram p = new TestProgram(t -> {
            Thread child = t.fork(() -> t.write("x", 1));
            t.write("y", 2);
            t.join(child);
            t.record("x", t.read("x"));
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        System.out.println(r.status() + " " + r.bug() + " " + r.detail());
        r.trace().events().forEach(System.out::println);
        assertEquals(RunResult.Status.COMPLETED, r.status());
    }
}
