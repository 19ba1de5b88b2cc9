package dev.weft.runtime;

import dev.weft.runtime.hooks.HookHandler;
import dev.weft.trace.Symbols;
import java.util.Map;

/**
 * A program the runtime can run many times, each time from fresh static state. The instrumenter's
 * {@code InstrumentedProgram} is the real one; runtime tests supply hand-written ones.
 */
public interface ProgramUnderTest {

    /** Name tables shared by all runs of this program. */
    Symbols symbols();

    /** A fresh copy of the program (new class loader) whose hooks call {@code handler}. */
    Copy freshCopy(HookHandler handler);

    /** The bytes of standard input the runs read so far, which a schedule file saves (none for a program that reads none). */
    /** Whether runs record their path conditions (the shadow execution the mpc strategy needs). */
    default boolean recordsPathConditions() {
        return false;
    }

    default byte[] standardInputRead() {
        return new byte[0];
    }

    /** One run's copy of the program. */
    interface Copy {
        /** Runs the program's entry point (main with its arguments) in the calling thread. */
        void runMain() throws Throwable;

        /** Final value of every static field of the program classes this copy loaded ("pkg.Class.field" to value). */
        Map<String, String> staticState();

        /**
         * The shortest field path from a static field of the program to each object it reaches now
         * ("Bank.accounts[0].lock"), by identity: how a report names objects. Reads no program code and records nothing.
         */
        default Map<Object, String> fieldPaths() {
            return Map.of();
        }
    }
}
