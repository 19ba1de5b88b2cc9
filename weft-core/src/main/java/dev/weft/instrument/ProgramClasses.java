package dev.weft.instrument;

import java.util.List;

/** Which classes are the program's (and so get instrumented): everything outside the JDK and Weft itself. */
public final class ProgramClasses {
    private static final List<String> EXCLUDED = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/", "dev/weft/");

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
}
