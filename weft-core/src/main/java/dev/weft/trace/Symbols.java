package dev.weft.trace;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/**
 * The name tables of one checked program, shared by all its runs: thread and class names, program
 * locations and fields. Events refer to them by int id; reports turn ids back into names through this object.
 */
public final class Symbols {
    /** Ids shared with the other JVMs exploring this program, or null: the tables number their own. */
    private final SharedIds shared = SharedIds.installed();
    private final Interner threads = new Interner("threads", shared);
    private final Interner classes = new Interner("classes", shared);
    private final LocationTable locations = new LocationTable();
    private final FieldTable fields = new FieldTable(shared);
    private final JdkCallSites calls = new JdkCallSites();
    private final Interner literalTexts = new Interner("literals", shared);
    /** The program's string literals by text, each mapped to the one instance every run's code gets for it (the JVM interns them). */
    private final ConcurrentHashMap<String, String> literals = new ConcurrentHashMap<>();

    /** Thread names (fork paths, see {@link ThreadPaths}). */
    public Interner threads() {
        return threads;
    }

    /** Binary class names, for class objects used as monitors and for the classes of JDK objects whose state events touch. */
    public Interner classes() {
        return classes;
    }

    public LocationTable locations() {
        return locations;
    }

    public FieldTable fields() {
        return fields;
    }

    /** Where the program calls into the JDK on objects whose state Weft follows. */
    public JdkCallSites calls() {
        return calls;
    }

    /** Notes a string literal of the program's code. */
    public void literal(String text) {
        literals.computeIfAbsent(text, String::intern);
    }

    /**
     * The id of {@code s}'s text if {@code s} is the instance of one of the program's string literals, else -1: shared by
     * every run, such a string is named by its text ({@link ObjectIds#ofLiteral}), not by whichever thread meets it first.
     */
    public int literalId(String s) {
        return literals.get(s) == s ? literalTextId(s) : -1;
    }

    /** The id of a string literal's text. */
    public int literalTextId(String text) {
        return literalTexts.id(text);
    }

    /** The text of a string literal by its {@link #literalId}. */
    public String literalText(int id) {
        return literalTexts.name(id);
    }

    /** Human-readable form of an address, objects by their stable ids ("LostUpdate.count", "main#3.next", "main#2[4]", "HashMap main#5"). */
    public String describe(Address address) {
        return describe(address, id -> ObjectIds.render(id, this));
    }

    /** Human-readable form of an address with its object named by {@code objectName} ({@link ObjectNames}). */
    public String describe(Address address, LongFunction<String> objectName) {
        if (address == null) {
            return "";
        }
        return switch (address.kind()) {
            case STATIC_FIELD -> fields.get(address.slot()).displayName();
            case INSTANCE_FIELD -> objectName.apply(address.object()) + "." + fields.get(address.slot()).name();
            case ARRAY_ELEMENT -> objectName.apply(address.object()) + "[" + address.slot() + "]";
            case ATOMIC -> objectName.apply(address.object()) + (address.slot() < 0 ? ".value" : "[" + address.slot() + "]");
            case LOCK -> address.slot() == Address.INITIALISATION ? initialisation(address) : "lock " + objectName.apply(address.object());
            case THREAD_STATE -> "thread " + threads.name(address.slot());
            case OBJECT_STATE -> typed(JdkCallSite.simpleName(classes.name(address.slot())), objectName.apply(address.object()));
        };
    }

    /** "HashMap Registry.users", but "HashMap@Main.java:12" for a name that starts with its type already. */
    private static String typed(String type, String name) {
        return name.startsWith(type + "@") || name.equals(type) || name.startsWith(type + " [") ? name : type + " " + name;
    }

    /** "initialisation of pkg.Cls" for a class's initialisation lock. */
    private String initialisation(Address lock) {
        return "initialisation of " + classes.name((int) (lock.object() - ObjectIds.ofClass(0)));
    }
}
