package dev.weft.trace;

/**
 * A program location: where in the program an event's instruction sits.
 *
 * @param className  binary class name with dots ("examples.LostUpdate")
 * @param method     method name ("run", "&lt;init&gt;")
 * @param sourceFile source file name from the class file, or null when absent
 * @param line       source line, or -1 when the class has no line numbers
 * @param bytecodeIndex index of the instruction in the original (uninstrumented) method
 */
public record Location(String className, String method, String sourceFile, int line, int bytecodeIndex) {

    /** "File.java:line" as the JSON summary reports it (class name and bytecode index when debug info is missing). */
    public String fileAndLine() {
        String file = sourceFile != null ? sourceFile : className.substring(className.lastIndexOf('.') + 1) + ".class";
        return line >= 0 ? file + ":" + line : file + "@" + bytecodeIndex;
    }

    @Override
    public String toString() {
        return className + "." + method + "(" + fileAndLine() + ")";
    }
}
