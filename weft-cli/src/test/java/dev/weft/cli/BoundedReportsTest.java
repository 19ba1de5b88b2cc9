package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reports a person can read at any run length (issue 23): repetition folded, sizes bounded, compact schedule files. */
class BoundedReportsTest {
    /** A thread that loops on its own field until the step bound calls it a livelock: a run of a million events. */
    static final String SPIN = """
            public class Spin {
                int n;
                public static void main(String[] args) {
                    Spin s = new Spin();
                    while (true) {
                        s.n++;
                        if (s.n < 0) {
                            break;
                        }
                    }
                }
            }
            """;

    static final String DEEP = """
            public class Deep {
                static int depth(int n) {
                    return depth(n + 1) + 1;
                }
                public static void main(String[] args) {
                    depth(0);
                }
            }
            """;

    static final String INTERRUPTED = """
            public class Interrupted {
                static int unrelated;
                public static void main(String[] args) throws Exception {
                    Thread sleeper = new Thread(() -> {
                        if (Thread.interrupted()) {
                            throw new IllegalStateException("woken early");
                        }
                    });
                    sleeper.start();
                    sleeper.interrupt();
                    unrelated = 1;
                    sleeper.join();
                }
            }
            """;

    /** Ten bystander threads that touch nothing the failing thread reads, and one that fails. */
    static final String BYSTANDERS = """
            public class Bystanders {
                static int[] own = new int[10];
                public static void main(String[] args) throws Exception {
                    for (int i = 0; i < 10; i++) {
                        int k = i;
                        new Thread(() -> own[k] = 1).start();
                    }
                    new Thread(() -> { throw new IllegalStateException("alone"); }).start();
                }
            }
            """;

    record Outcome(int exit, String err) {
    }

    /** Weft's command line in a JVM of its own with a small heap. */
    private static Outcome weftWithHeap(String heap, Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap,
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path err = dir.resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        assertTrue(process.waitFor(10, TimeUnit.MINUTES), "the check did not end");
        return new Outcome(process.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void aMillionStepLivelockIsReportedInAFewLinesWithASmallHeap(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), SPIN);
        Path report = dir.resolve("report");
        Outcome found = weftWithHeap("320m", dir, "check", "-s", "dfs", "-cp", classes.toString(), "--report", report.toString(), "Spin");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertTrue(found.err().contains("BUG (livelock)"), found.err());
        assertTrue(found.err().lines().count() <= 500, found.err().lines().count() + " lines");
        assertTrue(found.err().matches("(?s).*… steps #\\d+–#\\d+ repeated [\\d,]+ more times.*"), found.err());
        assertTrue(Files.size(report.resolve("report.html")) <= 2_000_000, Files.size(report.resolve("report.html")) + " bytes");
        assertTrue(Files.size(report.resolve("summary.json")) <= 200_000, Files.size(report.resolve("summary.json")) + " bytes");
        assertTrue(Files.size(report.resolve("bug-1.json")) <= 10_000, Files.size(report.resolve("bug-1.json")) + " bytes");
        assertTrue(Files.readString(report.resolve("bug-1.json")).contains("\"times\" : 1000000"));

        Outcome replayed = weftWithHeap("320m", dir, "replay", report.resolve("bug-1.json").toString());
        assertEquals(Main.BUG, replayed.exit(), replayed.err());
        assertTrue(replayed.err().lines().count() <= 500, replayed.err().lines().count() + " lines");
    }

    @Test
    void aStackOverflowShowsItsRecursionOnce(@TempDir Path dir) {
        Path classes = Fixtures.compile(dir.resolve("classes"), DEEP);
        CommandLineTest.Outcome found = CommandLineTest.weft("check", "-cp", classes.toString(), "Deep");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertTrue(found.err().contains("StackOverflowError"), found.err());
        assertTrue(found.err().contains("... the frame above repeated "), found.err());
        assertTrue(found.err().lines().filter(l -> l.contains("at Deep.depth(")).count() <= 2, found.err());
    }

    @Test
    void theCausalPastKeepsTheInterruptThatCausedTheFailure(@TempDir Path dir) {
        Path classes = Fixtures.compile(dir.resolve("classes"), INTERRUPTED);
        CommandLineTest.Outcome found = CommandLineTest.weft("check", "-cp", classes.toString(), "Interrupted");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertTrue(found.err().contains("woken early"), found.err());
        String table = found.err().substring(found.err().indexOf("interleaving ("));
        assertTrue(table.contains("interrupt"), table);
        assertFalse(table.contains("Interrupted.unrelated"), "an event that did not cause the failure is shown: " + table);
    }


    @Test
    void threadsOutsideTheCausalPastShareOneColumnOfTheHtmlFullTrace(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), BYSTANDERS);
        Path report = dir.resolve("report");
        CommandLineTest.Outcome found = CommandLineTest.weft("check", "-s", "dfs", "-cp", classes.toString(), "--report", report.toString(),
                "Bystanders");
        assertEquals(Main.BUG, found.exit(), found.err());
        String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("<th>other threads ("), html);
        assertTrue(html.contains("<summary>Full trace, one column per thread</summary>"), html);
        String folded = html.substring(html.indexOf("<summary>Full trace</summary>"), html.indexOf("<summary>Full trace, one column per thread"));
        assertTrue(folded.split("<th>").length - 1 <= 5, "the folded full trace has a column per thread: " + folded);
    }
}
