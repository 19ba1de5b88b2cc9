package dev.weft.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --report DIR}, checked before the exploration, so that a report that cannot be written fails at once (exit 2). */
final class ReportDirectory {
    private ReportDirectory() {
    }

    /** Creates the directory if needed and makes sure files can be written into it; else bad input. */
    static void check(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException("--report " + dir + " is not a directory");
        }
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(Files.createTempFile(dir, ".weft-", ".tmp"));
        } catch (IOException | SecurityException e) {
            throw new BadInputException("--report " + dir + " cannot be written: " + describe(e));
        }
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " (" + message + ")");
    }
}
