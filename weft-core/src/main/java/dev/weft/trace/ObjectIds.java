package dev.weft.trace;

import java.util.List;

/**
 * Stable object identities: the allocating thread plus that thread's allocation counter, so the
 * same object has the same id in every run that follows the same schedule, whatever the order of
 * other threads. Never derived from identity hash codes. 0 is {@code null}.
 *
 * <p>Class objects (monitors of static synchronized methods) are named by class instead; the JDK's shared box
 * instances ({@code Integer.valueOf}'s cache, {@code Boolean.TRUE}) by their class and value, and the program's string
 * literals by their text, since any thread may meet one first; and other objects first met without their allocation
 * having been seen (made by JDK code) by the thread that met them plus a separate counter.
 */
public final class ObjectIds {
    public static final long NULL = 0;
    /** Counter range for objects whose allocation Weft did not see. */
    public static final int FOREIGN_BASE = 1 << 30;
    /** The "thread" of the shared box instances' ids: a number no run's threads reach. */
    private static final int BOXES = Integer.MAX_VALUE - 1;
    /** The box classes, by the kind a box id keeps in its top bits. */
    private static final List<String> BOX_CLASSES = List.of("Boolean", "Byte", "Character", "Short", "Integer", "Long");
    /** The kind a string literal's id keeps in its top bits, after the box classes'. */
    private static final int LITERAL = 6;
    private static final int KIND_SHIFT = 28;
    private static final int VALUE_MASK = (1 << KIND_SHIFT) - 1;

    private ObjectIds() {
    }

    public static long of(int thread, int counter) {
        return ((long) (thread + 1) << 32) | (counter & 0xffffffffL);
    }

    /** Id of a {@code Class} object; {@code classId} from {@link Symbols#classes()}. */
    public static long ofClass(int classId) {
        return classId + 1L;
    }

    /**
     * The id of the JDK's shared instance of box class {@code simpleName} ("Integer") holding {@code value} (a char's code,
     * 1 for true), or {@link #NULL} when the value does not fit the id.
     */
    public static long ofBox(String simpleName, long value) {
        int kind = BOX_CLASSES.indexOf(simpleName);
        if (kind < 0 || value < -(1L << (KIND_SHIFT - 1)) || value >= 1L << (KIND_SHIFT - 1)) {
            return NULL;
        }
        return of(BOXES, kind << KIND_SHIFT | (int) value & VALUE_MASK);
    }

    /** The id of the program's string literal whose text has id {@code literalId} ({@link Symbols#literalId}). */
    public static long ofLiteral(int literalId) {
        return of(BOXES, LITERAL << KIND_SHIFT | literalId);
    }

    private static boolean isBox(long id) {
        return id > 0 && thread(id) == BOXES;
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

    /** The inverse of {@link #render}: "main.1#3", "main@2", "pkg.Cls.class", "Integer(3)", "\"text\"" or "null". */
    public static long parse(String text, Symbols symbols) {
        if (text == null || text.equals("null")) {
            return NULL;
        }
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            return ofLiteral(symbols.literalTextId(text.substring(1, text.length() - 1)));
        }
        int open = text.indexOf('(');
        if (open > 0 && text.endsWith(")") && BOX_CLASSES.contains(text.substring(0, open))) {
            return ofBox(text.substring(0, open), Long.parseLong(text.substring(open + 1, text.length() - 1)));
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
        if (isBox(id) && counter >>> KIND_SHIFT == LITERAL) {
            return "\"" + symbols.literalText(counter & VALUE_MASK) + "\"";
        }
        if (isBox(id)) {
            int value = counter << (32 - KIND_SHIFT) >> (32 - KIND_SHIFT);
            return BOX_CLASSES.get(counter >>> KIND_SHIFT) + "(" + value + ")";
        }
        String owner = symbols.threads().name(thread(id));
        return counter >= FOREIGN_BASE ? owner + "@" + (counter - FOREIGN_BASE) : owner + "#" + counter;
    }
}
