package dev.weft.instrument;

import java.lang.management.ManagementFactory;
import org.objectweb.asm.Opcodes;

/**
 * Whether the JVM running Weft can run a program class file of a given version: one compiled for
 * a newer Java, or with the preview features of a Java release, fails when a run loads it, which
 * would look like the program's bug. Checked when the class is instrumented instead, as bad input.
 */
final class ClassFileVersion {
    /** The minor version javac writes into class files that use (or may use) preview features. */
    private static final int PREVIEW_MINOR = 0xffff;
    /** Class file major versions are the Java release plus this. */
    private static final int MAJOR_OF_JAVA_0 = 44;

    private ClassFileVersion() {
    }

    /** Checks the version in {@code classFile}'s header (before ASM, which rejects versions newer than it knows with a less helpful message). */
    static void check(String className, byte[] classFile) throws BadProgramException {
        if (classFile.length < 8 || readInt(classFile, 0) != 0xcafebabe) {
            throw new BadProgramException("invalid class file for " + className + ": it does not start like a class file");
        }
        int minor = readShort(classFile, 4);
        int major = readShort(classFile, 6);
        int java = major - MAJOR_OF_JAVA_0;
        int running = Runtime.version().feature();
        if (major < Opcodes.V1_5) {
            throw new BadProgramException("class " + className + " is compiled for Java 1.4 or earlier; Weft instruments class files of Java 5 and later");
        }
        if (java > running) {
            throw new BadProgramException("class " + className + " is compiled for Java " + java + ", newer than the Java " + running
                    + " running Weft: run Weft on Java " + java + " or later (set JAVA_HOME)");
        }
        if (minor == PREVIEW_MINOR && java != running) {
            throw new BadProgramException("class " + className + " is compiled with the preview features of Java " + java
                    + ", which only Java " + java + " runs; Weft runs on Java " + running);
        }
        if (minor == PREVIEW_MINOR && !previewEnabled()) {
            throw new BadProgramException("class " + className + " is compiled with preview features: pass --enable-preview to the JVM"
                    + " running Weft, e.g. WEFT_JAVA_OPTS=--enable-preview weft check ...");
        }
    }

    private static int readShort(byte[] bytes, int at) {
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    private static int readInt(byte[] bytes, int at) {
        return readShort(bytes, at) << 16 | readShort(bytes, at + 2);
    }

    /** Asked only when a preview class file turns up: it loads the management classes. */
    private static boolean previewEnabled() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().contains("--enable-preview");
    }
}
