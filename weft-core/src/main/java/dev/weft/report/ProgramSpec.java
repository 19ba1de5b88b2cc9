package dev.weft.report;

import dev.weft.trace.VirtualFixes;
import java.util.List;

/**
 * Which program to check, as the user gave it: enough to load it again for a replay.
 *
 * @param classpath the program's classpath entries (absolute paths)
 * @param mainClass binary name of the class whose main method starts it
 * @param args      program arguments
 * @param fixes     the changes ({@code --assume-volatile}, {@code --fence}) it is checked with; a verdict is about the changed program
 */
public record ProgramSpec(List<String> classpath, String mainClass, List<String> args, VirtualFixes fixes) {

    public ProgramSpec(List<String> classpath, String mainClass, List<String> args) {
        this(classpath, mainClass, args, VirtualFixes.NONE);
    }

    /** The program's name in report headers: its main class, and the changes it was checked with when there are any. */
    public String title() {
        return fixes.isEmpty() ? mainClass : mainClass + " (changed: " + fixes.describe() + ")";
    }

    /** This program with other changes. */
    public ProgramSpec withFixes(VirtualFixes other) {
        return new ProgramSpec(classpath, mainClass, args, other);
    }
}
