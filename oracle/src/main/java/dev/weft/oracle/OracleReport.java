package dev.weft.oracle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@link PlainOracle} prints, and how to read it back: per program a line
 * {@code program <class> <runs> <hangs> <millis>}, then {@code outcome <class> <count> <outcome>}
 * for each outcome seen and {@code error <class> <message>} for each problem, tab-separated and
 * escaped as {@link Protocol} does.
 */
public final class OracleReport {

    /**
     * What the plain runs of one program showed.
     *
     * @param runs     runs that ended (hangs not included)
     * @param hangs    runs that did not end within the run timeout; they have no outcome
     * @param outcomes each outcome seen, with how many runs showed it
     * @param errors   what kept the oracle from running the program as asked
     */
    public record Program(String className, int runs, int hangs, long millis, Map<String, Integer> outcomes, List<String> errors) {
    }

    private OracleReport() {
    }

    static String format(List<Program> programs) {
        StringBuilder text = new StringBuilder();
        for (Program program : programs) {
            text.append(Protocol.line("program", program.className(), program.runs(), program.hangs(), program.millis())).append('\n');
            program.outcomes().forEach((outcome, count) ->
                    text.append(Protocol.line("outcome", program.className(), count, outcome)).append('\n'));
            program.errors().forEach(error -> text.append(Protocol.line("error", program.className(), error)).append('\n'));
        }
        return text.toString();
    }

    /** The programs of an oracle's output, by class name, in output order. */
    public static Map<String, Program> parse(String output) {
        Map<String, Program> programs = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] fields = Protocol.fields(line);
            switch (fields[0]) {
                case "program" -> programs.put(fields[1], new Program(fields[1], Integer.parseInt(fields[2]), Integer.parseInt(fields[3]),
                        Long.parseLong(fields[4]), new TreeMap<>(), new ArrayList<>()));
                case "outcome" -> programs.get(fields[1]).outcomes().put(fields[3], Integer.parseInt(fields[2]));
                case "error" -> programs.get(fields[1]).errors().add(fields[2]);
                default -> throw new IllegalArgumentException("not a line of the oracle's report: " + line);
            }
        }
        return programs;
    }
}
