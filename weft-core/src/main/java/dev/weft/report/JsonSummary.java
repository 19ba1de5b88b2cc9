package dev.weft.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.race.Race;
import dev.weft.race.RaceFindings;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.InputValue;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.nio.file.Path;
import java.util.List;

/** The JSON summary of an exploration: its fields and their meanings are those docs/reports.md lists. */
public final class JsonSummary {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonSummary() {
    }

    /**
     * @param schedules the saved schedule file of each bug, in {@code result.bugs()} order (null entries when not saved)
     * @param races     the data races the explored runs showed or implied
     */
    public static ObjectNode of(ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                                RaceFindings races) {
        ObjectNode root = JSON.createObjectNode();
        root.put("program", program.mainClass());
        root.put("memoryModel", model.name().toLowerCase());
        if (!program.fixes().isEmpty()) {
            root.set("virtualFixes", virtualFixes(program.fixes()));
        }
        root.put("strategy", result.strategy());
        root.put("verdict", result.verdict().jsonName());
        root.put("complete", result.complete());
        ArrayNode reasons = root.putArray("incompleteReasons");
        for (IncompleteReason reason : result.incompleteReasons()) {
            reasons.addObject().put("kind", reason.kind()).put("message", reason.message()).put("count", reason.count());
        }
        root.put("executions", result.executions());
        root.put("executionsToFirstBug", result.executionsToFirstBug());
        root.put("seconds", round(result.seconds()));
        root.put("solverSeconds", round(result.solverSeconds()));
        root.put("workers", result.workers());
        root.put("repeatedRuns", result.repeatedRuns());
        if (!result.counts().isEmpty()) {
            ObjectNode counts = root.putObject("counts");
            result.counts().forEach(counts::put);
        }
        root.put("stopReason", result.stop().jsonName());
        if (result.error() != null) {
            root.put("error", result.error());
        }
        ArrayNode bugs = root.putArray("bugs");
        for (int i = 0; i < result.bugs().size(); i++) {
            FoundBug found = result.bugs().get(i);
            ObjectNode bug = BugSummary.of(found.bug()).toJson();
            bug.put("execution", found.execution());
            Path schedule = i < schedules.size() ? schedules.get(i) : null;
            if (schedule != null) {
                bug.put("schedule", schedule.toString());
            } else {
                bug.putNull("schedule");
            }
            if (found.replay() == FoundBug.Replay.NOT_CHECKED) {
                bug.putNull("replayed");
            } else {
                bug.put("replayed", found.replay() == FoundBug.Replay.REPRODUCED);
            }
            bug.set("inputs", inputs(found.trace().inputs()));
            bug.set("interleaving", interleaving(found, Interleaving.eventsPerBug(result.bugs().size())));
            ArrayNode others = bug.putArray("otherBugsOfRun");
            found.otherBugsOfRun().forEach(other -> others.add(BugSummary.of(other).toJson()));
            bugs.add(bug);
        }
        ArrayNode raceList = root.putArray("races");
        races.races().forEach(race -> raceList.add(race(race)));
        root.put("racePrediction", races.predictive());
        root.put("raceQueries", races.queries());
        root.put("raceQueriesUnknown", races.unknown());
        root.put("raceQueriesSkipped", races.skipped());
        root.put("racePredictionsUnconfirmed", races.unconfirmed());
        return root;
    }

    /** The changes a program was checked with: {"assumeVolatile": [fields], "fences": ["File.java:12:full", ...]}. */
    static ObjectNode virtualFixes(VirtualFixes fixes) {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode fields = node.putArray("assumeVolatile");
        fixes.volatileFields().stream().sorted().forEach(fields::add);
        ArrayNode fences = node.putArray("fences");
        fixes.fences().forEach(f -> fences.add(f.file() + ":" + f.line() + ":" + VirtualFixes.kindName(f.kind())));
        return node;
    }

    /** One race of the summary's {@code races} list. */
    public static ObjectNode race(Race race) {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode locations = node.putArray("locations");
        locations.add(race.first().location().fileAndLine());
        locations.add(race.second().location().fileAndLine());
        ArrayNode operations = node.putArray("operations");
        operations.add(race.first().operation());
        operations.add(race.second().operation());
        node.put("address", race.address());
        ArrayNode names = node.putArray("threads");
        race.threads().forEach(names::add);
        node.put("execution", race.execution());
        node.put("predicted", race.predicted());
        return node;
    }

    /**
     * The bug's run as the text report shows it (its causal past, bounded): {"step", "thread", "location",
     * "operation"} per shown event, and {"note"} where repetition was folded or events were left out.
     */
    private static ArrayNode interleaving(FoundBug found, int maxEvents) {
        Interleaving table = Interleaving.bounded(found.trace(), found.bug(), false, maxEvents);
        ArrayNode steps = JSON.createArrayNode();
        for (Interleaving.Row row : table.rows()) {
            if (row.isNote()) {
                steps.addObject().put("note", row.note());
            }
            for (Interleaving.Step step : row.steps()) {
                steps.addObject().put("step", step.step()).put("thread", table.threads().get(row.column()))
                        .put("location", step.location()).put("operation", step.operation());
            }
        }
        return steps;
    }

    /**
     * The summary when Weft failed before it had an exploration to report: verdict "error", the
     * failure as {@code error} and as the one incomplete reason, no bug and no race.
     */
    public static ObjectNode failure(ProgramSpec program, MemoryModel model, String strategy, String failure) {
        ObjectNode root = JSON.createObjectNode();
        root.put("program", program.mainClass());
        root.put("memoryModel", model.name().toLowerCase());
        root.put("strategy", strategy);
        root.put("verdict", ExplorationResult.Verdict.ERROR.jsonName());
        root.put("complete", false);
        root.putArray("incompleteReasons").addObject().put("kind", "error").put("message", failure).put("count", 1);
        root.put("error", failure);
        root.putArray("bugs");
        root.putArray("races");
        return root;
    }

    public static String toJson(JsonNode node, boolean pretty) {
        try {
            return pretty ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) : JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    /** The program inputs a run read, as {@code {"i": 3, "flag": true}}; a schedule file saves them the same way. */
    static ObjectNode inputs(List<InputValue> inputs) {
        ObjectNode node = JSON.createObjectNode();
        for (InputValue input : inputs) {
            if (input.type() == 'Z') {
                node.put(input.name(), input.value() != 0);
            } else {
                node.put(input.name(), input.value());
            }
        }
        return node;
    }
}
