package dev.weft.cli;

import dev.weft.runtime.ProgramRunner;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.instrument.JdkInstrumentation;
import dev.weft.report.ProgramSpec;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.Symbols;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opens the program a command names, instrumented and ready to run under Weft's scheduler. */
final class Programs {
    private Programs() {
    }

    /** An opened program, the runner that performs its controlled runs, and its instrumented JDK classes (null when none). */
    record Session(InstrumentedProgram program, ControlledExecutor runner, JdkInstrumentation.Session jdk) implements AutoCloseable {
        Symbols symbols() {
            return program.symbols();
        }

        /** Gives the JVM the JDK's own classes back, for the next command in this JVM (tests run several). */
        @Override
        public void close() {
            if (jdk != null) {
                jdk.close();
            }
        }
    }

    /** @param config how each run is performed, with its stop (the check's deadline) */
    static Session open(ProgramSpec spec, RunConfig config) {
        InstrumentedProgram program;
        JdkInstrumentation.Session jdk = null;
        try {
            program = InstrumentedProgram.open(String.join(File.pathSeparator, spec.classpath()), spec.mainClass(), spec.args(), spec.fixes());
            if (!config.instrumentedJdk().isEmpty()) {
                jdk = program.instrumentJdk(config.instrumentedJdk());
            }
        } catch (BadProgramException e) {
            throw new BadInputException(e.getMessage());
        }
        return new Session(program, new ControlledExecutor(program, config), jdk);
    }

    /** The classpath as absolute entries, so a saved schedule still finds the program from another directory. */
    static List<String> classpathEntries(String classpath) {
        List<String> entries = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize().toString());
            }
        }
        if (entries.isEmpty()) {
            throw new BadInputException("the classpath is empty");
        }
        return entries;
    }
}
