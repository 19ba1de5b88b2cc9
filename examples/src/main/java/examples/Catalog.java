package examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a catalogue of programs with their expected verdicts: a tab-separated resource whose
 * first non-comment line names the columns. The columns {@code class}, {@code model}
 * ({@code sc|tso|pso}), {@code verdict} ({@code bug|ok}), {@code kind} (a bug kind's JSON name,
 * or {@code -} when the verdict is ok) and {@code note} are required; further columns are kept and
 * readable by name. A row may leave out trailing columns that are not required: it has no value
 * there ({@link Entry#has}), which is not the same as {@code -}. Lines starting with {@code #} and
 * blank lines are ignored.
 */
public final class Catalog {
    /** The catalogue of this module's programs. */
    public static final String EXAMPLES = "examples/catalog.tsv";
    /** The stress oracle's corpus (package {@code examples.oracle}), in the same format with the extra columns {@code item} and {@code stdin}. */
    public static final String ORACLE_CORPUS = "examples/oracle/corpus.tsv";

    private static final List<String> REQUIRED_COLUMNS = List.of("class", "model", "verdict", "kind", "note");
    private static final Set<String> MODELS = Set.of("sc", "tso", "pso");
    private static final Set<String> BUG_KINDS = Set.of("assertion", "exception", "deadlock", "livelock", "exit", "data-race");
    private static final String NONE = "-";

    private Catalog() {
    }

    /** One program under one memory model. {@code bugKind} is empty when no bug is expected. */
    public record Entry(String className, String memoryModel, boolean expectsBug, Optional<String> bugKind,
                        String note, Map<String, String> columns) {
        /** Whether the row has a value in column {@code name} (it may leave trailing optional columns out). */
        public boolean has(String name) {
            return columns.containsKey(name);
        }

        /** The value of any column by its header name; {@code "-"} marks an empty value. */
        public String column(String name) {
            String value = columns.get(name);
            if (value == null) {
                throw new IllegalArgumentException("the catalogue has no column '" + name + "'");
            }
            return value;
        }
    }

    /** The entries of this module's catalogue. */
    public static List<Entry> examples() {
        return load(EXAMPLES);
    }

    /** The entries of the stress oracle's corpus. */
    public static List<Entry> oracleCorpus() {
        return load(ORACLE_CORPUS);
    }

    /** The entries of a catalogue resource on the class path. */
    public static List<Entry> load(String resource) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        InputStream in = loader == null ? null : loader.getResourceAsStream(resource);
        if (in == null) {
            in = Catalog.class.getClassLoader().getResourceAsStream(resource);
        }
        if (in == null) {
            throw new IllegalArgumentException("catalogue resource not found on the class path: " + resource);
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return parse(reader.lines().toList(), resource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalogue " + resource, e);
        }
    }

    /** The distinct programs of {@code entries}, in catalogue order. */
    public static List<String> classNames(List<Entry> entries) {
        return entries.stream().map(Entry::className).distinct().toList();
    }

    /** The programs that no catalogued memory model expects a bug in. */
    public static List<String> correctUnderEveryModel(List<Entry> entries) {
        Set<String> buggy = new HashSet<>();
        entries.stream().filter(Entry::expectsBug).forEach(entry -> buggy.add(entry.className()));
        return classNames(entries).stream().filter(name -> !buggy.contains(name)).toList();
    }

    /** Parses catalogue lines; {@code source} names them in error messages. */
    public static List<Entry> parse(List<String> lines, String source) {
        List<String> header = null;
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String where = source + ":" + (i + 1);
            List<String> cells = Arrays.asList(line.split("\t", -1));
            if (header == null) {
                header = cells;
                if (!header.containsAll(REQUIRED_COLUMNS)) {
                    throw new IllegalArgumentException(where + ": header must name the columns " + REQUIRED_COLUMNS);
                }
                continue;
            }
            if (cells.size() > header.size() || !holdsRequired(header, cells.size())) {
                throw new IllegalArgumentException(where + ": expected " + header.size() + " tab-separated cells, found " + cells.size());
            }
            Map<String, String> columns = new LinkedHashMap<>();
            for (int c = 0; c < cells.size(); c++) {
                columns.put(header.get(c), cells.get(c).strip());
            }
            Entry entry = entry(columns, where);
            if (!seen.add(entry.className() + " " + entry.memoryModel())) {
                throw new IllegalArgumentException(where + ": " + entry.className() + " under " + entry.memoryModel() + " is listed twice");
            }
            entries.add(entry);
        }
        if (header == null) {
            throw new IllegalArgumentException(source + ": the catalogue has no header line");
        }
        return List.copyOf(entries);
    }

    /** Whether the first {@code cells} columns of {@code header} include every required one. */
    private static boolean holdsRequired(List<String> header, int cells) {
        for (String required : REQUIRED_COLUMNS) {
            if (header.indexOf(required) >= cells) {
                return false;
            }
        }
        return true;
    }

    private static Entry entry(Map<String, String> columns, String where) {
        String className = columns.get("class");
        String model = columns.get("model");
        String verdict = columns.get("verdict");
        String kind = columns.get("kind");
        if (className.isEmpty()) {
            throw new IllegalArgumentException(where + ": empty class name");
        }
        if (!MODELS.contains(model)) {
            throw new IllegalArgumentException(where + ": memory model must be one of " + MODELS + ", not '" + model + "'");
        }
        boolean expectsBug = switch (verdict) {
            case "bug" -> true;
            case "ok" -> false;
            default -> throw new IllegalArgumentException(where + ": verdict must be bug or ok, not '" + verdict + "'");
        };
        if (expectsBug && !BUG_KINDS.contains(kind)) {
            throw new IllegalArgumentException(where + ": bug kind must be one of " + BUG_KINDS + ", not '" + kind + "'");
        }
        if (!expectsBug && !kind.equals(NONE)) {
            throw new IllegalArgumentException(where + ": a program expected ok must have kind '-', not '" + kind + "'");
        }
        Optional<String> bugKind = expectsBug ? Optional.of(kind) : Optional.empty();
        return new Entry(className, model, expectsBug, bugKind, columns.get("note"), Map.copyOf(columns));
    }
}
