package dev.weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.Outcome;
import dev.weft.trace.Symbols;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A saved schedule: the program, how its runs were made (the memory model, whether waits could wake
 * spuriously) and the choices of one run, which {@code weft replay} follows to reproduce it
 * exactly. Threads, objects and fields are written by name ("main.1", "main#3",
 * "examples/Foo.count"), never by the session's internal ids, so the file stays valid in a later
 * session. A step is its thread's name, or {@code {"thread": …, "returns": "timed-out"}} for a
 * blocking call that returned otherwise than normally ({@link Outcome}). A flush's address is
 * resolved when the replay reaches it, because field ids exist only once the class that declares
 * the field has been instrumented. Format 1 (before blocking calls' outcomes) is still read: its
 * runs had no spurious wake-ups.
 */
public final class ScheduleFile {
    public static final int FORMAT = 2;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProgramSpec program;
    private final MemoryModel memoryModel;
    private final boolean spuriousWakeups;
    private final BugSummary bug;
    private final List<JsonNode> choices;

    private ScheduleFile(ProgramSpec program, MemoryModel memoryModel, boolean spuriousWakeups, BugSummary bug, List<JsonNode> choices) {
        this.program = program;
        this.memoryModel = memoryModel;
        this.spuriousWakeups = spuriousWakeups;
        this.bug = bug;
        this.choices = choices;
    }

    public static ScheduleFile of(ProgramSpec program, MemoryModel memoryModel, boolean spuriousWakeups, BugSummary bug, List<Choice> schedule,
                                  Symbols symbols) {
        List<JsonNode> choices = new ArrayList<>(schedule.size());
        for (Choice c : schedule) {
            String thread = symbols.threads().name(c.thread());
            if (c.isFlush()) {
                ObjectNode flush = JSON.createObjectNode().put("thread", thread);
                flush.set("flush", address(c.flush(), symbols));
                choices.add(flush);
            } else if (c.outcome() != Outcome.NORMAL) {
                choices.add(JSON.createObjectNode().put("thread", thread).put("returns", jsonName(c.outcome())));
            } else {
                choices.add(JSON.getNodeFactory().textNode(thread));
            }
        }
        return new ScheduleFile(program, memoryModel, spuriousWakeups, bug, choices);
    }

    private static String jsonName(Outcome outcome) {
        return outcome.name().toLowerCase().replace('_', '-');
    }

    public ProgramSpec program() {
        return program;
    }

    public MemoryModel memoryModel() {
        return memoryModel;
    }

    /** Whether the saved run's waits could wake spuriously; its replay must allow them too. */
    public boolean spuriousWakeups() {
        return spuriousWakeups;
    }

    /** The bug this schedule showed when it was saved, or null. */
    public BugSummary bug() {
        return bug;
    }

    public int length() {
        return choices.size();
    }

    /** The {@code step}-th choice, resolved against the current run's names. */
    public Choice choice(int step, Symbols symbols) {
        JsonNode node = choices.get(step);
        if (node.isTextual()) {
            return Choice.step(symbols.threads().id(node.asText()));
        }
        int thread = symbols.threads().id(node.get("thread").asText());
        if (node.has("returns")) {
            return Choice.step(thread, Outcome.valueOf(node.get("returns").asText().toUpperCase().replace('-', '_')));
        }
        return Choice.flush(thread, address(node.get("flush"), symbols));
    }

    /**
     * A policy that follows this schedule choice by choice, resolving names against the replay's own
     * symbols as it goes, and then lets the run finish as {@link ContinuationPolicy} would.
     */
    public SchedulePolicy replayPolicy(Symbols symbols) {
        return point -> point.steps() < choices.size() ? choice(point.steps(), symbols) : ContinuationPolicy.INSTANCE.choose(point);
    }

    public void write(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("weftSchedule", FORMAT);
        root.put("mainClass", program.mainClass());
        root.set("classpath", strings(program.classpath()));
        root.set("args", strings(program.args()));
        root.put("memoryModel", memoryModel.name().toLowerCase());
        root.put("spuriousWakeups", spuriousWakeups);
        if (bug != null) {
            root.set("bug", bug.toJson());
        }
        ArrayNode list = root.putArray("choices");
        choices.forEach(list::add);
        Files.createDirectories(file.toAbsolutePath().getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
    }

    /** Reads a schedule file; a file that is not one gets an {@link IOException} with a one-line message. */
    public static ScheduleFile read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException("cannot read schedule file " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        int format = root == null ? 0 : root.path("weftSchedule").asInt();
        if ((format != 1 && format != FORMAT) || !root.path("choices").isArray()) {
            throw new IOException(file + " is not a Weft schedule file (format 1 or " + FORMAT + ")");
        }
        ProgramSpec program = new ProgramSpec(strings(root.get("classpath")), root.path("mainClass").asText(), strings(root.get("args")));
        MemoryModel model = MemoryModel.valueOf(root.path("memoryModel").asText("sc").toUpperCase());
        boolean spurious = root.path("spuriousWakeups").asBoolean(false);
        BugSummary bug = root.has("bug") ? BugSummary.fromJson(root.get("bug")) : null;
        List<JsonNode> choices = new ArrayList<>();
        root.get("choices").forEach(choices::add);
        return new ScheduleFile(program, model, spurious, bug, choices);
    }

    private static ObjectNode address(Address a, Symbols symbols) {
        ObjectNode node = JSON.createObjectNode().put("kind", a.kind().name());
        if (a.object() != ObjectIds.NULL) {
            node.put("object", ObjectIds.render(a.object(), symbols));
        }
        if (a.kind() == Address.Kind.STATIC_FIELD || a.kind() == Address.Kind.INSTANCE_FIELD) {
            FieldInfo f = symbols.fields().get(a.slot());
            node.put("field", f.owner() + "." + f.name());
        } else {
            node.put("index", a.slot());
        }
        return node;
    }

    private static Address address(JsonNode node, Symbols symbols) {
        Address.Kind kind = Address.Kind.valueOf(node.get("kind").asText());
        long object = ObjectIds.parse(node.path("object").asText(null), symbols);
        int slot;
        if (node.has("field")) {
            String field = node.get("field").asText();
            int dot = field.lastIndexOf('.');
            FieldInfo f = symbols.fields().find(field.substring(0, dot), field.substring(dot + 1));
            if (f == null) {
                throw new IllegalStateException("schedule names field " + field + ", which the program has not touched yet");
            }
            slot = f.id();
        } else {
            slot = node.get("index").asInt();
        }
        return new Address(kind, object, slot);
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = JSON.createArrayNode();
        values.forEach(array::add);
        return array;
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(v -> values.add(v.asText()));
        }
        return values;
    }
}
