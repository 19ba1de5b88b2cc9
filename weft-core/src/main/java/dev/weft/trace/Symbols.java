package dev.weft.trace;

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
