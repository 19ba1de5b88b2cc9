package dev.weft.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StackTracesTest {

    @Test
    void dropsWeftFramesAndTheLauncherBelowTheProgram() {
        String trace = """
                java.lang.IllegalStateException: boom
                \tat java.base/java.util.Objects.requireNonNull(Objects.java:233)
                \tat weft-run//app.Worker.step(Worker.java:10)
                \tat dev.weft.runtime.ControlledHooks.read(ControlledHooks.java:50)
                \tat weft-run//app.Worker.run(Worker.java:5)
                \tat dev.weft.runtime.ControlledHooks.lambda$wrapThreadBody$18(ControlledHooks.java:1163)
                \tat java.base/java.lang.Thread.run(Thread.java:840)
                Caused by: java.lang.RuntimeException: inner
                \tat weft-run//app.Worker.load(Worker.java:20)
                \t... 3 more""";
        assertEquals("""
                java.lang.IllegalStateException: boom
                \tat java.base/java.util.Objects.requireNonNull(Objects.java:233)
                \tat app.Worker.step(Worker.java:10)
                \tat app.Worker.run(Worker.java:5)
                Caused by: java.lang.RuntimeException: inner
                \tat app.Worker.load(Worker.java:20)
                \t... 3 more""", StackTraces.trim(trace));
    }

    @Test
    void keepsJdkFramesWhenWeftDidNotLaunchThem() {
        String trace = "java.lang.Error: x\n\tat app.Main.main(Main.java:3)\n\tat java.base/java.lang.Thread.run(Thread.java:840)";
        assertEquals(trace, StackTraces.trim(trace));
    }
}
