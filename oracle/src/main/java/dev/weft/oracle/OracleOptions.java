package dev.weft.oracle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** {@link PlainOracle}'s command line. */
record OracleOptions(String classPath, int runs, long seconds, long runTimeoutMillis, long deadlockMillis, long seed,
                     boolean assertions, boolean noise, List<Program> programs) {

    /** A program to run, with the file its standard input comes from (null: empty input). */
    record Program(String className, Path stdin) {
        static Program parse(String spec) {
            String[] parts = spec.split(",stdin=", 2);
            Path stdin = parts.length == 2 ? Path.of(parts[1]) : null;
            if (stdin != null && !Files.isReadable(stdin)) {
                throw new IllegalArgumentException("cannot read the standard input file " + stdin);
            }
            return new Program(parts[0], stdin);
        }
    }

    static OracleOptions parse(String[] args) {
        String classPath = null;
        int runs = 200;
        long seconds = 10;
        long runTimeout = 5000;
        long deadlock = 200;
        long seed = new Random().nextLong();
        boolean assertions = false;
        boolean noise = true;
        List<Program> programs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--cp" -> classPath = value(args, ++i);
                case "--runs" -> runs = (int) number(args, ++i);
                case "--seconds" -> seconds = number(args, ++i);
                case "--run-timeout-ms" -> runTimeout = number(args, ++i);
                case "--deadlock-ms" -> deadlock = number(args, ++i);
                case "--seed" -> seed = number(args, ++i);
                case "--ea" -> assertions = true;
                case "--no-noise" -> noise = false;
                default -> {
                    if (args[i].startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + args[i]);
                    }
                    programs.add(Program.parse(args[i]));
                }
            }
        }
        if (classPath == null || programs.isEmpty()) {
            throw new IllegalArgumentException("usage: PlainOracle [options] --cp PROGRAM_CLASSPATH CLASS[,stdin=FILE]...");
        }
        return new OracleOptions(classPath, runs, seconds, runTimeout, deadlock, seed, assertions, noise, List.copyOf(programs));
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static long number(String[] args, int i) {
        String text = value(args, i);
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number, not '" + text + "'");
        }
    }
}
