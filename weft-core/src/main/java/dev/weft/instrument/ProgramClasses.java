package dev.weft.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Which classes are the program's (and so get instrumented): everything outside the JDK and Weft
 * itself; and Weft's models of JDK classes ({@code dev.weft.modelled}), which every run loads and
 * instruments like program classes.
 */
public final class ProgramClasses {
    private static final List<String> EXCLUDED = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/", "dev/weft/");
    private static final String MODELLED = "dev/weft/modelled/";

    private ProgramClasses() {
    }

    /** @param internalName a class name with slashes ("examples/LostUpdate") */
    public static boolean isProgramClass(String internalName) {
        for (String prefix : EXCLUDED) {
            if (internalName.startsWith(prefix)) {
                return false;
            }
        }
        return true;
    }

    /** A class of {@code dev.weft.modelled}. */
    public static boolean isModelled(String internalName) {
        return internalName.startsWith(MODELLED);
    }

    /** A program or modelled class: one that each run loads instrumented. */
    public static boolean isInstrumented(String internalName) {
        return isProgramClass(internalName) || isModelled(internalName);
    }

    /** "examples/oracle" for "examples/oracle/Noise"; "" for a class of the unnamed package. */
    static String packageOf(String internalName) {
        return internalName.substring(0, Math.max(0, internalName.lastIndexOf('/')));
    }

    /** The class file of a modelled class, from Weft's own classpath, or null. */
    static byte[] modelledClassBytes(String internalName) {
        try (InputStream in = ProgramClasses.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Weft's modelled class " + internalName, e);
        }
    }
}
