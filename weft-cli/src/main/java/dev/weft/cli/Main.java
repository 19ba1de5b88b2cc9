package dev.weft.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code weft} command: {@code check} and {@code replay}. Exit codes as DESIGN.md specifies. */
@Command(name = "weft", mixinStandardHelpOptions = true, version = "weft 0.1.0",
        description = "Model checker for concurrent Java programs.",
        subcommands = {CheckCommand.class, ReplayCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** Exploration complete, no bug. */
    public static final int OK = 0;
    /** A bug was found (or, for replay, reproduced). */
    public static final int BUG = 1;
    /** Bad usage or bad input. */
    public static final int BAD_INPUT = 2;
    /** A limit was reached before exploration completed, no bug. */
    public static final int INCOMPLETE = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given output streams; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        // Everything after the main class belongs to the program, even arguments that look like options.
        cli.setStopAtPositional(true);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("weft: " + e.getMessage() + " (see weft " + commandName(e.getCommandLine()) + " --help)");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof BadInputException || e instanceof UncheckedIOException) {
                err.println("weft: " + e.getMessage());
                return BAD_INPUT;
            }
            throw e;
        });
        return cli.execute(args);
    }

    private static String commandName(CommandLine cli) {
        return cli.getCommandName().equals("weft") ? "" : cli.getCommandName();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: check or replay");
    }
}
