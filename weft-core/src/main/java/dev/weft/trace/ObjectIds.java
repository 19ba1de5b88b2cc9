package dev.weft.trace;

/**
 * Stable object identities: the allocating thread plus that thread's allocation counter, so the
 * same object has the same id in every run that follows the same schedule, whatever the order of
 * other threads. Never derived from identity hash codes. 0 is {@code null}.
 *
 * <p>Class objects (monitors of static synchronized methods) are named by class instead, and objects
 * first met without their allocation having been seen (made by JDK code) by the thread that met
 * them plus a separate counter.
 */
public final class ObjectIds {
    public static final long NULL = 0;
    /** Counter range for objects whose allocation Weft did not see. */
    public static final int FOREIGN_BASE = 1 << 30;

    private ObjectIds() {
    }

    public static long of(int thread, int counter) {
        return ((long) (thread + 1) << 32) | (counter & 0xffffffffL);
    }

    /** Id of a {@code Class} object; {@code classId} from {@link Symbols#classes()}. */
    public static long ofClass(int classId) {
        return classId + 1L;
    }

    public static boolean isClass(long id) {
        return id > 0 && (id >>> 32) == 0;
    }

    public static int thread(long id) {
        return (int) (id >>> 32) - 1;
    }

    public static int counter(long id) {
        return (int) id;
    }

    /** The inverse of {@link #render}: "main.1#3", "main@2", "pkg.Cls.class" or "null". */
    public static long parse(String text, Symbols symbols) {
        if (text == null || text.equals("null")) {
            return NULL;
        }
        if (text.endsWith(".class")) {
            return ofClass(symbols.classes().id(text.substring(0, text.length() - ".class".length())));
        }
        int hash = text.lastIndexOf('#');
        int at = text.lastIndexOf('@');
        int split = Math.max(hash, at);
        if (split <= 0) {
            throw new IllegalArgumentException("not an object id: " + text);
        }
        int counter = Integer.parseInt(text.substring(split + 1));
        return of(symbols.threads().id(text.substring(0, split)), split == at ? FOREIGN_BASE + counter : counter);
    }

    public static String render(long id, Symbols symbols) {
        if (id == NULL) {
            return "null";
        }
        if (isClass(id)) {
            return symbols.classes().name((int) (id - 1)) + ".class";
        }
        int counter = counter(id);
        String owner = symbols.threads().name(thread(id));
        return counter >= FOREIGN_BASE ? owner + "@" + (counter - FOREIGN_BASE) : owner + "#" + counter;
    }
}
