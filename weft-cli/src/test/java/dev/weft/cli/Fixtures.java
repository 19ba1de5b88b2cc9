package dev.weft.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;

/** Small programs for the command-line tests, compiled from source into a directory of their own (no test or Weft class beside them). */
final class Fixtures {
    /** 30 threads each increment a shared static without a lock; main joins them. Its runs are long and its causal models large. */
    static final String MANY_INCREMENTS = """
            public class ManyIncrements {
                static int x;
                public static void main(String[] args) throws Exception {
                    Thread[] threads = new Thread[30];
                    for (int i = 0; i < threads.length; i++) {
                        threads[i] = new Thread(() -> { x++; });
                        threads[i].start();
                    }
                    for (Thread t : threads) {
                        t.join();
                    }
                }
            }
            """;

    /** Every run moves the report directory of its argument aside and puts a file in its place, so the report cannot be written. */
    static final String REPORT_SPOILER = """
            import java.nio.file.*;
            public class ReportSpoiler {
                public static void main(String[] args) throws Exception {
                    Path report = Path.of(args[0]);
                    if (Files.isDirectory(report)) {
                        Files.move(report, Path.of(args[0] + ".moved"));
                        Files.writeString(report, "not a directory");
                    }
                }
            }
            """;

    /** Allocates 8 MB arrays into a local list until the heap runs out. */
    static final String LOCAL_HOG = """
            import java.util.*;
            public class LocalHog {
                public static void main(String[] args) {
                    List<long[]> kept = new ArrayList<>();
                    while (true) {
                        kept.add(new long[1 << 20]);
                    }
                }
            }
            """;

    /** A second thread fills a static list with small arrays until the heap runs out: the memory stays taken after the failure. */
    static final String STATIC_HOG = """
            import java.util.*;
            public class StaticHog {
                static List<long[]> kept = new ArrayList<>();
                public static void main(String[] args) throws Exception {
                    Thread filler = new Thread(() -> {
                        while (true) {
                            kept.add(new long[1 << 10]);
                        }
                    });
                    filler.start();
                    filler.join();
                }
            }
            """;

    /** Main computes for half a minute without a shared access: its one run is still in progress when a short time limit passes. */
    static final String LONG_COMPUTATION = """
            public class LongComputation {
                static long sum;
                public static void main(String[] args) {
                    long s = 0;
                    for (long i = 0; i < 1L << 35; i++) {
                        s += i ^ (s >>> 3);
                    }
                    sum = s;
                }
            }
            """;

    private Fixtures() {
    }

    /** Compiles {@code sources} (each a public class named by its first "public class" line) into {@code dir}; returns {@code dir}. */
    static Path compile(Path dir, String... sources) {
        try {
            Path src = Files.createDirectories(dir.resolve("src"));
            List<String> args = new ArrayList<>(List.of("-d", dir.toString()));
            for (String source : sources) {
                String name = source.replaceFirst("(?s).*public class (\\w+).*", "$1");
                args.add(Files.writeString(src.resolve(name + ".java"), source).toString());
            }
            if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("fixtures did not compile");
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rewrites the version in the header of {@code classFile}. */
    static void setVersion(Path classFile, int major, int minor) {
        try {
            byte[] bytes = Files.readAllBytes(classFile);
            bytes[4] = (byte) (minor >> 8);
            bytes[5] = (byte) minor;
            bytes[6] = (byte) (major >> 8);
            bytes[7] = (byte) major;
            Files.write(classFile, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
