package dev.weft.explore;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Time limits as users write them: a number with ms, s (the default), m or h. */
public final class DurationText {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private DurationText() {
    }

    /** @throws IllegalArgumentException with a one-line message showing the accepted forms */
    public static Duration parse(String value) {
        Matcher m = FORM.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a duration (examples: 90s, 10m, 1h, 500ms)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }
}
