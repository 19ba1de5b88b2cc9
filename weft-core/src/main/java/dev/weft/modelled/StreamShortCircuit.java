package dev.weft.modelled;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The shared outcome of a short-circuiting terminal operation on a modelled parallel stream
 * ({@code findAny}, {@code findFirst}, {@code anyMatch}, {@code allMatch}, {@code noneMatch}): the
 * first part whose result decides the operation records it, and a part that has not started yet
 * once it is decided does not run (the JDK cancels such tasks: {@code findFirst} only those after
 * the deciding part in encounter order, the others all). Guarded by this object's monitor, so which
 * part decides first, and which parts run at all, is explored like any race.
 */
final class StreamShortCircuit {
    /** A skipped part's result: it contributes nothing. */
    static final Object SKIPPED = new Object();

    private final String operation;
    private final boolean inEncounterOrder;
    private Object first;
    private int lowestDecider = Integer.MAX_VALUE;

    private StreamShortCircuit(String operation, boolean inEncounterOrder) {
        this.operation = operation;
        this.inEncounterOrder = inEncounterOrder;
    }

    /** The short circuit of terminal {@code operation}, or null if it runs every part; {@code ordered} keeps findFirst's encounter order. */
    static StreamShortCircuit of(String operation, boolean ordered) {
        return switch (operation) {
            case "findFirst" -> new StreamShortCircuit(ordered ? "findFirst" : "findAny", ordered);
            case "findAny", "anyMatch", "allMatch", "noneMatch" -> new StreamShortCircuit(operation, false);
            default -> null;
        };
    }

    /** True if part {@code index} need not run: a part it does not come before has decided. */
    synchronized boolean skips(int index) {
        return inEncounterOrder ? lowestDecider < index : lowestDecider != Integer.MAX_VALUE;
    }

    /** Records part {@code index}'s result if it decides the operation; the result. */
    synchronized Object record(int index, Object result) {
        if (decides(result)) {
            if (first == null) {
                first = result;
            }
            lowestDecider = Math.min(lowestDecider, index);
        }
        return result;
    }

    /** findAny's answer: the first result recorded in time, if any. */
    synchronized Object firstFound() {
        return first;
    }

    /** True for the findAny that the JDK answers with whichever part finds first. */
    boolean answersFirstFound() {
        return operation.equals("findAny");
    }

    private boolean decides(Object result) {
        return switch (operation) {
            case "anyMatch" -> Boolean.TRUE.equals(result);
            case "allMatch", "noneMatch" -> Boolean.FALSE.equals(result);
            default -> present(result);
        };
    }

    static boolean present(Object optional) {
        return optional instanceof Optional<?> o ? o.isPresent() : optional instanceof OptionalInt o ? o.isPresent()
                : optional instanceof OptionalLong o ? o.isPresent() : ((OptionalDouble) optional).isPresent();
    }
}
