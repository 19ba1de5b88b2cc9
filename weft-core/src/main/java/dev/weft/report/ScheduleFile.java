package dev.weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.explore.FoundBug;
import dev.weft.instrument.JdkClasses;
import dev.weft.runtime.RunConfig;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.InputValue;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.Outcome;
import dev.weft.trace.Symbols;
import dev.weft.trace.VirtualFixes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A saved schedule: the program, how its runs were made (the memory model, the loop bound, whether
 * waits could wake spuriously) and the choices of one run, which {@code weft replay} follows to
 * reproduce it exactly (under another loop bound the run could be cut before the bug). Threads,
 * objects and fields are written by name ("main.1", "main#3", "examples/Foo.count"), never by the
 * session's internal ids, so the file stays valid in a later session. A step is its thread's name,
 * or {@code {"thread": …, "returns": "timed-out"}} for a blocking call that returned otherwise than
 * normally ({@link Outcome}). A flush's address is resolved when the replay reaches it, because
 * field ids exist only once the class that declares the field has been instrumented. Format 1
 * (before blocking calls' outcomes) is still read: its runs had no spurious wake-ups. Since format 3,
 * consecutive steps of one thread are written as one {@code {"thread": …, "times": n}} ({@link ScheduleChoices}).
 * The standard input the runs read is saved with it ({@code "stdin"} as text when it is UTF-8, else
 * {@code "stdinBase64"}), and a replay reads exactly that, never the replaying process's own input;
 * so is every bug the run showed (an uncaught exception ends only its thread, so a run may show several),
 * and the program inputs the run read ({@code "inputs": {"i": 3, "flag": true}}), which a replay gives again.
 */
public final class ScheduleFile {
    public static final int FORMAT = 3;

    /** Thrown while replaying when the schedule does not fit the program (it was saved for another version of it). */
    public static final class Mismatch extends RuntimeException {
        Mismatch(String message) {
            super(message);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ProgramSpec program;
    private final MemoryModel memoryModel;
    private final int loopBound;
    private final boolean spuriousWakeups;
    /** The JDK classes whose code the run had instrumented ({@code --instrument-jdk}). */
    private final Set<String> instrumentedJdk;
    private final BugSummary bug;
    private final List<BugSummary> runBugs;
    private final ScheduleChoices choices;
    private final byte[] standardInput;
    private final List<InputValue> inputs;

    private ScheduleFile(ProgramSpec program, MemoryModel memoryModel, int loopBound, boolean spuriousWakeups, Set<String> instrumentedJdk,
                         BugSummary bug, List<BugSummary> runBugs, ScheduleChoices choices, byte[] standardInput, List<InputValue> inputs) {
        this.inputs = List.copyOf(inputs);
        this.program = program;
        this.memoryModel = memoryModel;
        this.loopBound = loopBound;
        this.spuriousWakeups = spuriousWakeups;
        this.instrumentedJdk = Set.copyOf(instrumentedJdk);
        this.bug = bug;
        this.runBugs = List.copyOf(runBugs);
        this.choices = choices;
        this.standardInput = standardInput;
    }

    /**
     * The schedule of the run that showed {@code found}.
     *
     * @param config        how the run was made: its memory model, loop bound, spurious wake-up setting and instrumented JDK classes are saved
     * @param standardInput the bytes of standard input the runs read (a prefix of them is what the saved run read)
     */
    public static ScheduleFile of(ProgramSpec program, RunConfig config, FoundBug found, Symbols symbols, byte[] standardInput) {
        List<BugSummary> runBugs = found.runBugs().stream().map(BugSummary::of).toList();
        return of(program, config, BugSummary.of(found.bug()), runBugs, found.schedule(), symbols, standardInput, found.trace().inputs());
    }

    private static ScheduleFile of(ProgramSpec program, RunConfig config, BugSummary bug, List<BugSummary> runBugs,
                                   List<Choice> schedule, Symbols symbols, byte[] standardInput, List<InputValue> inputs) {
        ScheduleChoices choices = new ScheduleChoices();
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
        return new ScheduleFile(program, config.memoryModel(), config.loopBound(), config.spuriousWakeups(), config.instrumentedJdk(), bug,
                runBugs, choices, standardInput.clone(), inputs);
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

    /** How to run the replay: as the saved run was made, with the inputs it read. */
    public RunConfig runConfig() {
        return RunConfig.of(memoryModel).withLoopBound(loopBound).withSpuriousWakeups(spuriousWakeups).withInstrumentedJdk(instrumentedJdk)
                .withInputs(InputValue.values(inputs));
    }

    /** The program inputs the saved run read (their names and values; a file keeps no ranges, which the program states). */
    public List<InputValue> inputs() {
        return inputs;
    }

    /** The bug this schedule showed when it was saved, or null. */
    public BugSummary bug() {
        return bug;
    }

    /** The standard input the saved run could read: a replay reads these bytes, then end of file. */
    public byte[] standardInput() {
        return standardInput.clone();
    }

    /** Every bug the run showed when it was saved (the saved bug among them); empty when it was saved without one. */
    public List<BugSummary> runBugs() {
        return runBugs;
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
        try {
            int thread = symbols.threads().id(node.get("thread").asText());
            if (node.has("returns")) {
                return Choice.step(thread, outcome(node.get("returns").asText()));
            }
            return Choice.flush(thread, address(node.get("flush"), symbols));
        } catch (IllegalArgumentException badObject) {
            throw new Mismatch("choice " + step + " of the schedule names no object of the program: " + badObject.getMessage());
        }
    }

    /**
     * A policy that follows this schedule choice by choice, resolving names against the replay's own
     * symbols as it goes; the run describes its JDK calls, for the interleaving it prints. A saved
     * schedule holds every choice of its run, so a run that asks for more was given a cut file: a
     * {@link Mismatch}, never a run that goes on its own way and "does not reproduce".
     */
    public SchedulePolicy replayPolicy(Symbols symbols) {
        return new SchedulePolicy() {
            @Override
            public Choice choose(SchedulingPoint point) {
                if (point.steps() >= choices.size()) {
                    throw new Mismatch("the schedule file ends after " + choices.size() + " choices, before the run does"
                            + " (it was cut or edited)");
                }
                return choice(point.steps(), symbols);
            }

            @Override
            public boolean recordsForReport() {
                return true;
            }
        };
    }

    public void write(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("weftSchedule", FORMAT);
        root.put("mainClass", program.mainClass());
        root.set("classpath", strings(program.classpath()));
        root.set("args", strings(program.args()));
        if (!program.fixes().isEmpty()) {
            root.set("virtualFixes", JsonSummary.virtualFixes(program.fixes()));
        }
        root.put("memoryModel", memoryModel.name().toLowerCase());
        root.put("loopBound", loopBound);
        root.put("spuriousWakeups", spuriousWakeups);
        if (!instrumentedJdk.isEmpty()) {
            root.set("instrumentJdk", strings(List.copyOf(new TreeSet<>(instrumentedJdk))));
        }
        if (bug != null) {
            root.set("bug", bug.toJson());
            ArrayNode all = root.putArray("runBugs");
            runBugs.forEach(b -> all.add(b.toJson()));
        }
        writeStandardInput(root);
        if (!inputs.isEmpty()) {
            root.set("inputs", JsonSummary.inputs(inputs));
        }
        root.set("choices", choices.toJson());
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
        if (format < 1 || format > FORMAT || !root.path("choices").isArray()) {
            throw new IOException(file + " is not a Weft schedule file (format 1 to " + FORMAT + ")");
        }
        if (!root.path("mainClass").isTextual() || root.get("mainClass").asText().isBlank()
                || !root.path("classpath").isArray() || root.has("args") && !root.get("args").isArray()) {
            throw new IOException(file + " is not a valid schedule file: it needs a mainClass, a classpath list and an args list");
        }
        ProgramSpec program = new ProgramSpec(strings(root.get("classpath")), root.path("mainClass").asText(), strings(root.get("args")),
                virtualFixes(root.path("virtualFixes"), file));
        MemoryModel model = memoryModel(file, root.path("memoryModel").asText("sc"));
        int loopBound = root.path("loopBound").asInt(RunConfig.LOOP_BOUND);
        if (loopBound < 1) {
            throw new IOException(file + " is not a valid schedule file: its loopBound must be positive, got " + loopBound);
        }
        boolean spurious = root.path("spuriousWakeups").asBoolean(false);
        Set<String> instrumentedJdk = instrumentedJdk(file, root);
        BugSummary bug = root.has("bug") ? BugSummary.fromJson(root.get("bug")) : null;
        List<BugSummary> runBugs = new ArrayList<>();
        root.path("runBugs").forEach(b -> runBugs.add(BugSummary.fromJson(b)));
        if (runBugs.isEmpty() && bug != null) {
            runBugs.add(bug);
        }
        ScheduleChoices choices = new ScheduleChoices();
        for (JsonNode choice : root.get("choices")) {
            if (!isChoice(choice) && !ScheduleChoices.isRun(choice)) {
                throw new IOException(file + " is not a valid schedule file: choice " + choices.size() + " (" + choice
                        + ") is neither a thread name, a step that returned otherwise, a flush nor a run of steps");
            }
            choices.addFromFile(choice);
        }
        return new ScheduleFile(program, model, loopBound, spurious, instrumentedJdk, bug, runBugs, choices, readStandardInput(root, file),
                inputs(root.path("inputs"), file));
    }

    /** The saved inputs: names with whole numbers or booleans (a boolean as 0..1, the others without their range). */
    private static List<InputValue> inputs(JsonNode node, Path file) throws IOException {
        List<InputValue> inputs = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            if (value.isBoolean()) {
                inputs.add(new InputValue(field.getKey(), 'Z', 0, 1, value.asBoolean() ? 1 : 0));
            } else if (value.isIntegralNumber() && value.canConvertToLong()) {
                inputs.add(new InputValue(field.getKey(), 'J', Long.MIN_VALUE, Long.MAX_VALUE, value.asLong()));
            } else {
                throw new IOException(file + " is not a valid schedule file: input " + field.getKey() + " is " + value
                        + ", neither a whole number nor a boolean");
            }
        }
        return inputs;
    }

    private static Set<String> instrumentedJdk(Path file, JsonNode root) throws IOException {
        try {
            return JdkClasses.select(root.has("instrumentJdk") ? strings(root.get("instrumentJdk")) : List.of());
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not a valid schedule file: " + e.getMessage());
        }
    }

    /** The changes a run was made with ({@link JsonSummary#virtualFixes}); none when the file has none. */
    private static VirtualFixes virtualFixes(JsonNode node, Path file) throws IOException {
        Set<String> fields = new LinkedHashSet<>();
        List<VirtualFixes.Fence> fences = new ArrayList<>();
        try {
            node.path("assumeVolatile").forEach(f -> fields.add(VirtualFixes.parseField(f.asText())));
            node.path("fences").forEach(f -> fences.add(VirtualFixes.Fence.parse(f.asText())));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not a valid schedule file: " + e.getMessage());
        }
        return new VirtualFixes(fields, fences);
    }

    private static MemoryModel memoryModel(Path file, String name) throws IOException {
        for (MemoryModel model : MemoryModel.values()) {
            if (model.name().equalsIgnoreCase(name)) {
                return model;
            }
        }
        throw new IOException(file + " names an unknown memory model '" + name + "' (sc, tso, pso or jmm)");
    }

    /** The outcome a step's "returns" names ("timed-out"), or null when it names none. */
    private static Outcome outcome(String name) {
        for (Outcome outcome : Outcome.values()) {
            if (jsonName(outcome).equals(name)) {
                return outcome;
            }
        }
        return null;
    }

    /**
     * A thread name, a step that returned otherwise ({"thread": name, "returns": outcome}), or a flush:
     * {"thread": name, "flush": {"kind": ..., "field": "Owner.name" or "index": n}}.
     */
    private static boolean isChoice(JsonNode choice) {
        if (choice.isTextual()) {
            return true;
        }
        if (choice.has("returns")) {
            return choice.path("thread").isTextual() && outcome(choice.get("returns").asText()) != null;
        }
        JsonNode flush = choice.path("flush");
        boolean kindKnown = false;
        for (Address.Kind kind : Address.Kind.values()) {
            kindKnown |= kind.name().equals(flush.path("kind").asText());
        }
        boolean slot = flush.path("field").isTextual() && flush.get("field").asText().indexOf('.') > 0 || flush.path("index").isInt();
        return choice.path("thread").isTextual() && kindKnown && slot;
    }

    private void writeStandardInput(ObjectNode root) {
        if (standardInput.length == 0) {
            return;
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(standardInput)).toString();
            root.put("stdin", text);
        } catch (CharacterCodingException e) {
            root.put("stdinBase64", Base64.getEncoder().encodeToString(standardInput));
        }
    }

    private static byte[] readStandardInput(JsonNode root, Path file) throws IOException {
        if (root.has("stdin")) {
            return root.get("stdin").asText().getBytes(StandardCharsets.UTF_8);
        }
        if (!root.has("stdinBase64")) {
            return new byte[0];
        }
        try {
            return Base64.getDecoder().decode(root.get("stdinBase64").asText());
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": stdinBase64 is not Base64: " + e.getMessage());
        }
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
                throw new Mismatch("the schedule flushes field " + field + ", which the program has not touched at that point");
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
