package dev.weft.cluster;

import java.io.Serializable;
import java.util.List;

/**
 * One exploration on the cluster: its id (which names its structures) and the {@code weft check} arguments every member
 * makes its check request from (without the secret), loading the program from {@code classpath}: the checking JVM's,
 * made absolute, which must name the same classes on every machine.
 */
public record Job(String id, List<String> checkArguments, List<String> classpath) implements Serializable {
}
