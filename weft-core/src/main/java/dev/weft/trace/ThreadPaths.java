package dev.weft.trace;

/** Thread names are fork paths: "main", then "main.1" for the first thread main starts, "main.1.2" ... */
public final class ThreadPaths {
    public static final String MAIN = "main";

    private ThreadPaths() {
    }

    /** Name of the {@code ordinal}-th (1-based) thread started by {@code parent}. */
    public static String child(String parent, int ordinal) {
        return parent + "." + ordinal;
    }
}
