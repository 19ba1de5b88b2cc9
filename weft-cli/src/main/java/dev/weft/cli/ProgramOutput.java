package dev.weft.cli;

import java.io.PrintStream;

/**
 * Where the checked program's {@code System.out} goes while a check runs. With {@code --json}, stdout
 * must hold the summary alone (a program that prints would make it unparsable), so the program's
 * output is sent to stderr, beside the human text; the command's own stdout writer was made from the
 * original stream and still reaches it.
 */
final class ProgramOutput implements AutoCloseable {
    private final PrintStream original;

    private ProgramOutput(PrintStream original) {
        this.original = original;
    }

    /** Sends {@code System.out} to {@code System.err} until closed. */
    static ProgramOutput toStandardError() {
        ProgramOutput redirect = new ProgramOutput(System.out);
        System.out.flush();
        System.setOut(System.err);
        return redirect;
    }

    /** Leaves {@code System.out} as it is. */
    static ProgramOutput unchanged() {
        return new ProgramOutput(null);
    }

    @Override
    public void close() {
        if (original != null) {
            System.out.flush();
            System.setOut(original);
        }
    }
}
