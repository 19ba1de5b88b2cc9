package dev.weft.runtime;

import dev.weft.trace.RunResult;
import java.util.Objects;

/**
 * Runs a program under Weft's scheduler, one run per {@link #run} call, each from fresh static
 * state: exactly one program thread runs at a time, and the {@link SchedulePolicy} picks every
 * next step (and, under TSO/PSO, every store-buffer flush). The result carries the trace, the
 * schedule that replays it, and the bug if there was one.
 */
public final class ControlledExecutor implements ProgramRunner {
    private final ProgramUnderTest program;
    private final RunConfig config;
    /** Set once a run left program threads running that nothing could stop. */
    private volatile String uncontrolled;

    public ControlledExecutor(ProgramUnderTest program, RunConfig config) {
        this.program = Objects.requireNonNull(program, "program");
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public RunResult run(SchedulePolicy policy) {
        if (uncontrolled != null) {
            throw new IllegalStateException("Weft run failed: Weft cannot control " + uncontrolled + ", which an earlier run left"
                    + " running (blocked or looping in code Weft does not instrument, on a JVM that cannot stop threads):"
                    + " no later run could be trusted beside it");
        }
        RunResult result = runOnce(Objects.requireNonNull(policy, "policy"));
        // The run's objects are garbage now (nothing outside the run holds its hooks or its class loader):
        // the reserve a program that ran out of memory let go has room again.
        MemoryReserve.hold();
        return result;
    }

    private RunResult runOnce(SchedulePolicy policy) {
        ControlledHooks hooks = new ControlledHooks(program.symbols(), config, policy);
        RunResult result = hooks.execute(program.freshCopy(hooks.facade()));
        if (!hooks.uncontrolledThreads().isEmpty()) {
            // The run's own result stands (its bug is real); the runs after it are Weft's failure.
            uncontrolled = "program thread" + (hooks.uncontrolledThreads().size() == 1 ? " " : "s ")
                    + String.join(", ", hooks.uncontrolledThreads());
        }
        return result;
    }
}
