package dev.weft.trace;

/**
 * Where the name tables ({@link Symbols}) of this JVM take their ids from when several JVMs explore one program
 * together (weft-cluster): there, a thread, class or field must have one id in every JVM, so that a schedule or a
 * seed made in one means the same in another. Installed before the program is opened; tables made before keep
 * their own ids. Without one, each table numbers its names from 0 as it meets them.
 */
public interface SharedIds {

    /** The id of {@code name} in {@code table} ("threads", "classes", "fields"), assigning the next free one on first use. */
    int id(String table, String name);

    /** The name {@code id} stands for in {@code table}, or null if none was assigned. */
    String name(String table, int id);

    /** Makes the tables of programs opened from now on in this JVM take their ids from {@code ids} (null: their own again). */
    static void install(SharedIds ids) {
        Installed.ids = ids;
    }

    /** The source installed, or null. */
    static SharedIds installed() {
        return Installed.ids;
    }

    /** Holder of the installed source. */
    final class Installed {
        private static volatile SharedIds ids;

        private Installed() {
        }
    }
}
