package dev.weft.cli;

import dev.weft.explore.WeftFailure;
import dev.weft.runtime.MemoryReserve;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code weft} command: {@code check}, {@code replay} and {@code worker}. Exit codes as the README's "Using it" lists them. */
@Command(name = "weft", mixinStandardHelpOptions = true, version = "weft 0.1.0",
        description = "Model checker for concurrent Java programs.",
        footer = {"", "Exit status: 0 no bug, every behaviour covered; 1 a bug of the program; 2 bad usage or input;",
            "3 no bug found, not every behaviour covered; 4 Weft itself failed (see weft check --help)."},
        subcommands = {CheckCommand.class, ReplayCommand.class, WorkerCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** Exploration complete, no bug. */
    public static final int OK = 0;
    /** A bug was found (or, for replay, reproduced). */
    public static final int BUG = 1;
    /** Bad usage or bad input. */
    public static final int BAD_INPUT = 2;
    /** A limit was reached (or something else kept the exploration from covering every behaviour), no bug. */
    public static final int INCOMPLETE = 3;
    /** Weft itself failed (an internal error, the checker out of memory): nothing is claimed about the program. */
    public static final int ERROR = 4;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int status = ERROR;
        try {
            status = run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        } catch (Throwable failure) {
            // Only when even saying what failed failed (no memory left): one more try.
            MemoryReserve.release();
            System.err.println("weft: " + WeftFailure.describe(failure));
        } finally {
            // Whatever happened, the JVM ends: a program thread left waiting must not keep it alive.
            System.exit(status);
        }
    }

    /** Runs the command line with the given output streams; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        // Everything after the main class belongs to the program, even arguments that look like options.
        cli.setStopAtPositional(true);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("weft: " + e.getMessage() + " (see " + helpCommand(e.getCommandLine()) + ")");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof BadInputException) {
                err.println("weft: " + e.getMessage());
                return BAD_INPUT;
            }
            err.println("weft: " + WeftFailure.describe(e) + " (a failure of Weft, not of the program: please report it)");
            return ERROR;
        });
        try {
            return cli.execute(args);
        } catch (Error e) {
            // Errors pass picocli's handler (an out-of-memory checker may still have room to say what happened).
            err.println("weft: " + WeftFailure.describe(e) + " (a failure of Weft, not of the program: please report it)");
            return ERROR;
        }
    }

    /** "weft --help" or "weft check --help": where the help for the command that was misused is. */
    private static String helpCommand(CommandLine cli) {
        return cli.getCommandName().equals("weft") ? "weft --help" : "weft " + cli.getCommandName() + " --help";
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: check, replay or worker");
    }
}
