package dev.weft.trace;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names for one run's objects as people name them (docs/reports.md, "Names of objects"): by the shortest
 * field path from a static field that reached the object when the run ended ({@code Registry.lock},
 * {@code Bank.accounts[2].lock}), else by the field path through which the run first read or wrote it
 * ({@code Queue.head.next}), else by type and allocation site ({@code ArrayList@Main.java:12}), else
 * by its stable identity ({@code main#2}, {@link ObjectIds}). Two objects that would get the same name
 * keep their stable identity in brackets ({@code Node@Queue.java:9 [main#4]}), so every name stays unique.
 * Field paths and sites are known for runs recorded in detail ({@link ReportDetail}), the runs reports show.
 */
public final class ObjectNames {
    /** Longer field paths read worse than the allocation site. */
    private static final int LONGEST_PATH = 48;
    /** Frames a {@link #reference} in a text; program strings in call texts never hold it (they are cut and escaped). */
    private static final char REFERENCE_MARK = '\u0000';

    private final Symbols symbols;
    private final Map<Long, ObjectOrigin> origins;
    private final Map<Long, String> heapPaths;
    /** Through which field, element or atomic the run first read or wrote a reference to each object. */
    private final Map<Long, Address> reachedThrough = new HashMap<>();
    private final Map<Long, String> plainNames = new HashMap<>();
    private final Set<Long> naming = new HashSet<>();
    private final Map<String, Integer> holders = new HashMap<>();

    /** Names for the objects of a run made of {@code events}, with what the run recorded in detail (may be {@link ReportDetail#NONE}). */
    public ObjectNames(Symbols symbols, List<Event> events, ReportDetail detail) {
        this.symbols = symbols;
        this.origins = detail.origins();
        this.heapPaths = detail.paths();
        for (Event e : events) {
            if (e.accessesMemory() && e.address().kind() != Address.Kind.OBJECT_STATE && isReference(e.valueType())) {
                reachedThrough.putIfAbsent(e.value(), e.address());
                if (e.wrote()) {
                    reachedThrough.putIfAbsent(e.writtenValue(), e.address());
                }
            }
        }
        reachedThrough.remove(ObjectIds.NULL);
        Set<Long> named = new HashSet<>(reachedThrough.keySet());
        named.addAll(origins.keySet());
        named.addAll(heapPaths.keySet());
        for (long id : named) {
            holders.merge(plainName(id), 1, Integer::sum);
        }
    }

    /** The object's name: unique within the run. */
    public String of(long id) {
        if (id == ObjectIds.NULL || ObjectIds.isClass(id)) {
            return ObjectIds.render(id, symbols);
        }
        String name = plainName(id);
        return holders.getOrDefault(name, 0) > 1 ? name + " [" + ObjectIds.render(id, symbols) + "]" : name;
    }

    /**
     * A reference to object {@code id} of class {@code type} inside a text made during the run
     * (a JDK call in words), to be named by {@link #inText} once the whole run is known.
     */
    public static String reference(long id, String type) {
        return "" + REFERENCE_MARK + id + ':' + type + REFERENCE_MARK;
    }

    /** {@code text} with each {@link #reference} replaced by the object's name, or its type and stable id when it has none. */
    public String inText(String text) {
        if (text.indexOf(REFERENCE_MARK) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (int start = text.indexOf(REFERENCE_MARK); start >= 0; start = text.indexOf(REFERENCE_MARK, at)) {
            int end = text.indexOf(REFERENCE_MARK, start + 1);
            int colon = text.indexOf(':', start);
            long id = Long.parseLong(text.substring(start + 1, colon));
            out.append(text, at, start).append(hasName(id) ? of(id) : text.substring(colon + 1, end) + " " + of(id));
            at = end + 1;
        }
        return out.append(text.substring(at)).toString();
    }

    /** The address in words, its object named by {@link #of}: "Registry.lock", "Queue.head.next", "lock Registry.lock". */
    public String describe(Address address) {
        return symbols.describe(address, this::of);
    }

    /** A value of descriptor type {@code type} in words, a reference by its object's name. */
    public String value(long value, char type) {
        return isReference(type) ? of(value) : Values.render(value, type, symbols);
    }

    /**
     * A value read from or written to {@code at}: a reference named by that very place ("write
     * Main.session = Main.session") is named by where it was made instead, when that is known.
     */
    public String valueAt(Address at, long value, char type) {
        String name = value(value, type);
        ObjectOrigin origin = isReference(type) ? origins.get(value) : null;
        return origin != null && name.equals(describe(at)) ? origin.describe(symbols) : name;
    }

    private boolean hasName(long id) {
        return heapPaths.containsKey(id) || reachedThrough.containsKey(id) || origins.containsKey(id);
    }

    private String plainName(long id) {
        String known = plainNames.get(id);
        if (known != null) {
            return known;
        }
        String name = heapPaths.containsKey(id) ? heapPaths.get(id) : pathName(id);
        if (name == null || name.length() > LONGEST_PATH) {
            ObjectOrigin origin = origins.get(id);
            name = origin != null ? origin.describe(symbols) : name != null ? name : ObjectIds.render(id, symbols);
        }
        plainNames.put(id, name);
        return name;
    }

    /** The field path that first reached the object, or null when none did (or it leads back to itself). */
    private String pathName(long id) {
        Address through = reachedThrough.get(id);
        if (through == null || !naming.add(id)) {
            return null;
        }
        try {
            return symbols.describe(through, owner -> owner == id ? ObjectIds.render(id, symbols) : plainName(owner));
        } finally {
            naming.remove(id);
        }
    }

    private static boolean isReference(char type) {
        return type == 'L' || type == '[';
    }
}
