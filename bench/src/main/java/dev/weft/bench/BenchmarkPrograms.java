package dev.weft.bench;

import examples.Catalog;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** The catalogued benchmark programs (bench/src/main/resources/benchmarks/catalog.tsv) and the classpath they run from. */
public final class BenchmarkPrograms {
    private BenchmarkPrograms() {
    }

    public static List<Catalog.Entry> catalogue() {
        return Catalog.load("benchmarks/catalog.tsv");
    }

    /**
     * The rows of a named set: {@code benchmarks} (this module's catalogue), {@code jdk} (the example
     * catalogue's programs on shared JDK objects, docs/jdk.md) or {@code juc} (its programs whose java.util.concurrent
     * code runs instrumented, issue 18).
     */
    public static List<Catalog.Entry> catalogue(String set) {
        return switch (set) {
            case "benchmarks" -> catalogue();
            case "jdk" -> examplesIn("examples.jdk.");
            case "juc" -> examplesIn("examples.juc.");
            default -> throw new IllegalArgumentException("unknown program set " + set + " (known: benchmarks, jdk, juc)");
        };
    }

    private static List<Catalog.Entry> examplesIn(String packagePrefix) {
        return Catalog.examples().stream().filter(entry -> entry.className().startsWith(packagePrefix)).toList();
    }

    /** This module's programs and the bundled examples some catalogue rows name. */
    public static String classpath() {
        return codeSource(benchmarks.Dekker.class) + File.pathSeparator + codeSource(Catalog.class);
    }

    /** Where {@code type}'s class file was loaded from: a directory or a jar. */
    public static String codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
