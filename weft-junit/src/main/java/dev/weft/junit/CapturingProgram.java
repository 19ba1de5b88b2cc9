package dev.weft.junit;

import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.trace.Symbols;
import java.util.Map;

/**
 * The program under test, remembering what the test method's thread threw in the latest run, so a
 * failure can carry the real exception as its cause; the runtime itself keeps only its text.
 */
final class CapturingProgram implements ProgramUnderTest {
    private final ProgramUnderTest program;
    private volatile Throwable lastFailure;

    CapturingProgram(ProgramUnderTest program) {
        this.program = program;
    }

    /** What the test method's thread threw in the latest run, or null. */
    Throwable lastFailure() {
        return lastFailure;
    }

    @Override
    public Symbols symbols() {
        return program.symbols();
    }

    @Override
    public boolean recordsPathConditions() {
        return program.recordsPathConditions();
    }

    @Override
    public byte[] standardInputRead() {
        return program.standardInputRead();
    }

    @Override
    public Copy freshCopy(HookHandler handler) {
        Copy copy = program.freshCopy(handler);
        lastFailure = null;
        return new Copy() {
            @Override
            public void runMain() throws Throwable {
                try {
                    copy.runMain();
                } catch (Throwable t) {
                    lastFailure = t;
                    throw t;
                }
            }

            @Override
            public Map<String, String> staticState() {
                return copy.staticState();
            }

            @Override
            public Map<Object, String> fieldPaths() {
                return copy.fieldPaths();
            }
        };
    }
}
