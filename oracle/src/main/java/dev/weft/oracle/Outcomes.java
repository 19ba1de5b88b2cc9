package dev.weft.oracle;

import java.util.List;
import java.util.Map;

/**
 * The outcome vocabulary Weft's runs use, written anew here: a bug as {@code "bug <kind> at
 * <File.java>:<line>"}, where the location is the innermost frame of program code, or a completed
 * run as the sorted map of every static field of the program's initialised classes to its rendered
 * value ({@link StaticValues}).
 */
final class Outcomes {
    /** Frames of these packages are not the program's (the JDK, Weft and this oracle, test frameworks' assertion helpers). */
    private static final List<String> FOREIGN_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "dev.weft.",
            "org.junit.", "org.opentest4j.");

    private Outcomes() {
    }

    /** An uncaught throwable: an {@code AssertionError} is an assertion, anything else an exception. */
    static String uncaught(Throwable failure) {
        String kind = failure instanceof AssertionError ? "assertion" : "exception";
        return bug(kind, programLocation(failure.getStackTrace()));
    }

    static String bug(String kind, String location) {
        return "bug " + kind + " at " + location;
    }

    static String completed(Map<String, String> finalState) {
        return finalState.toString();
    }

    /** "File.java:line" of the innermost program frame, or "?" when the stack holds none. */
    static String programLocation(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (isProgramFrame(frame.getClassName())) {
                return fileAndLine(frame);
            }
        }
        return "?";
    }

    static boolean isProgramFrame(String className) {
        return FOREIGN_PREFIXES.stream().noneMatch(className::startsWith);
    }

    private static String fileAndLine(StackTraceElement frame) {
        String className = frame.getClassName();
        String file = frame.getFileName() != null ? frame.getFileName() : className.substring(className.lastIndexOf('.') + 1) + ".class";
        // A frame without a line number has no bytecode index either: Weft prints -1 then.
        return frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file + "@-1";
    }
}
