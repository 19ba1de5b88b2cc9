package dev.weft.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One program input a run read ({@code dev.weft.Weft.input}), with the value the run gave it. A run
 * reads each name once: later reads of the name get the same value.
 *
 * @param name  the name the program gave it
 * @param type  'I' (int), 'J' (long) or 'Z' (boolean, 0 or 1)
 * @param min   the least value it may take
 * @param max   the greatest value it may take
 * @param value the value this run gave it
 */
public record InputValue(String name, char type, long min, long max, long value) {

    /** "i = 3" ("flag = true" for a boolean). */
    public String describe() {
        return name + " = " + (type == 'Z' ? Boolean.toString(value != 0) : Long.toString(value));
    }

    /** The values by name, as a policy or a run configuration gives them. */
    public static Map<String, Long> values(List<InputValue> inputs) {
        Map<String, Long> values = new LinkedHashMap<>();
        inputs.forEach(input -> values.put(input.name(), input.value()));
        return values;
    }

    /** "i = 3, j = 2": what a report says above a run's interleaving. */
    public static String describe(List<InputValue> inputs) {
        return inputs.stream().map(InputValue::describe).collect(Collectors.joining(", "));
    }
}
