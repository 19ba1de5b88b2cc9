package dev.weft.report;

import java.util.List;

/**
 * Which program to check, as the user gave it: enough to load it again for a replay.
 *
 * @param classpath the program's classpath entries (absolute paths)
 * @param mainClass binary name of the class whose main method starts it
 * @param args      program arguments
 */
public record ProgramSpec(List<String> classpath, String mainClass, List<String> args) {
}
