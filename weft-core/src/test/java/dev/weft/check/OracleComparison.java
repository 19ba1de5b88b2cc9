package dev.weft.check;

import dev.weft.oracle.OracleReport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The stress oracle's verdict: every outcome plain runs of a program showed must be among the
 * outcomes of Weft's runs of it, for each strategy that says it covered every behaviour. What Weft
 * misses is a disagreement, unless the known-gap list names it; a listed gap that Weft no longer
 * misses is stale, so that the list shrinks as fixes land.
 */
final class OracleComparison {
    /** The known-gap list's outcome for an exploration that failed: Weft crashed, refused the program or diverged. */
    static final String WEFT_FAILS = "weft-fails";
    /** The known-gap list's outcome for an exploration that overran its time limit, which the test cannot stop. */
    static final String WEFT_HANGS = "weft-hangs";

    /** How an exploration ended; {@code NOT_RUN}: a listed hang the quick mode does not start. */
    enum Status { COMPLETE, INCOMPLETE, FAILED, HUNG, NOT_RUN }

    /** One strategy's exploration of one program: whether it says complete, the outcomes of its runs, and why not complete. */
    record WeftSide(String program, String strategy, Status status, Set<String> outcomes, String detail, long runs, double seconds) {
    }

    /** A gap the list names: Weft's strategy misses the plain outcome (or {@link #WEFT_FAILS}) on the program. */
    record Gap(String program, String strategy, String item, String outcome) {
    }

    /** One disagreement, or one listed gap, with what it is about. */
    record Finding(String program, String strategy, String outcome, String why) {
        @Override
        public String toString() {
            return program + " " + strategy + ": " + outcome + " (" + why + ")";
        }
    }

    /**
     * @param unexpected disagreements the list does not name: failures
     * @param stale      listed gaps that no longer are: failures
     * @param known      listed gaps seen again
     * @param unchecked  explorations that were not complete, and what plain runs showed that they did not reach
     */
    record Result(List<Finding> unexpected, List<Finding> stale, List<Finding> known, List<Finding> unchecked) {
        boolean agrees() {
            return unexpected.isEmpty() && stale.isEmpty();
        }
    }

    private OracleComparison() {
    }

    /** Compares; gaps of programs and strategies without a side in {@code weft} are not judged. */
    static Result compare(Map<String, OracleReport.Program> plain, List<WeftSide> weft, List<Gap> gaps) {
        Set<String> listed = new HashSet<>();
        gaps.forEach(gap -> listed.add(key(gap.program(), gap.strategy(), gap.outcome())));
        Result result = new Result(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (WeftSide side : weft) {
            List<String> missing = switch (side.status()) {
                case FAILED -> List.of(WEFT_FAILS);
                case HUNG -> List.of(WEFT_HANGS);
                case NOT_RUN -> List.of();
                case COMPLETE, INCOMPLETE -> plain.get(side.program()).outcomes().keySet().stream()
                        .filter(outcome -> !side.outcomes().contains(outcome)).toList();
            };
            for (String outcome : missing) {
                Finding finding = new Finding(side.program(), side.strategy(), outcome, side.detail());
                if (side.status() == Status.INCOMPLETE) {
                    result.unchecked().add(finding);
                } else if (listed.contains(key(side.program(), side.strategy(), outcome))) {
                    result.known().add(finding);
                } else {
                    result.unexpected().add(finding);
                }
            }
        }
        for (Gap gap : gaps) {
            weft.stream().filter(side -> side.program().equals(gap.program()) && side.strategy().equals(gap.strategy()))
                    .findFirst().filter(side -> closed(gap, side))
                    .ifPresent(side -> result.stale().add(new Finding(gap.program(), gap.strategy(), gap.outcome(),
                            "listed as a gap (issue 16 item " + gap.item() + "), but Weft no longer misses it: remove it from the list")));
        }
        return result;
    }

    /** Whether Weft now covers what the gap says it misses. */
    private static boolean closed(Gap gap, WeftSide side) {
        return switch (gap.outcome()) {
            case WEFT_FAILS -> side.status() != Status.FAILED;
            case WEFT_HANGS -> side.status() != Status.HUNG && side.status() != Status.NOT_RUN;
            default -> side.status() == Status.COMPLETE && side.outcomes().contains(gap.outcome());
        };
    }

    /** Whether {@code gaps} names this gap. */
    static boolean lists(List<Gap> gaps, String program, String strategy, String outcome) {
        return gaps.stream().anyMatch(gap -> gap.program().equals(program) && gap.strategy().equals(strategy) && gap.outcome().equals(outcome));
    }

    private static String key(String program, String strategy, String outcome) {
        return program + "\t" + strategy + "\t" + outcome;
    }

    /** The gaps of a list resource: tab-separated program, strategy, item and outcome; {@code #} lines are comments. */
    static List<Gap> loadGaps(String resource) {
        InputStream in = OracleComparison.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalArgumentException("no resource " + resource);
        }
        List<Gap> gaps = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 4) {
                    throw new IllegalArgumentException(resource + ": expected 4 tab-separated cells: " + line);
                }
                gaps.add(new Gap(cells[0], cells[1], cells[2], cells[3]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return gaps;
    }
}
