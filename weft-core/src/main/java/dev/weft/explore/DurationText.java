package dev.weft.explore;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Time limits as users write them: a whole number with its unit, ms, s, m or h. */
public final class DurationText {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)");

    private DurationText() {
    }

    /** @throws IllegalArgumentException with a one-line message showing the accepted forms */
    public static Duration parse(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw notADuration(value);
        }
        try {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofSeconds(n);
            };
        } catch (ArithmeticException | NumberFormatException tooLarge) {
            throw notADuration(value);
        }
    }

    private static IllegalArgumentException notADuration(String value) {
        return new IllegalArgumentException("'" + value + "' is not a duration: a whole number with its unit ms, s, m or h"
                + " (examples: 90s, 10m, 1h, 500ms)");
    }

    /** {@code duration} in the form {@link #parse} reads, in the largest unit that keeps it whole. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0 && millis > 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0 && millis > 0) {
            return millis / 60_000 + "m";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }
}
