package dev.weft.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --report DIR}, checked before the exploration, so that a report that cannot be written fails at
 * once (exit 2), and cleared of an earlier check's schedule files, so that every {@code bug-N.json} in it
 * belongs to this check's summary.
 */
final class ReportDirectory {
    private ReportDirectory() {
    }

    /** Creates the directory if needed, makes sure files can be written into it (else bad input) and removes earlier schedule files. */
    static void check(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException("--report " + dir + " is not a directory");
        }
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(Files.createTempFile(dir, ".weft-", ".tmp"));
            removeEarlierSchedules(dir);
        } catch (IOException | SecurityException e) {
            throw new BadInputException("--report " + dir + " cannot be written: " + describe(e));
        }
    }

    private static void removeEarlierSchedules(Path dir) throws IOException {
        try (DirectoryStream<Path> schedules = Files.newDirectoryStream(dir, "bug-*.json")) {
            for (Path schedule : schedules) {
                Files.deleteIfExists(schedule);
            }
        }
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : " (" + message + ")");
    }
}
