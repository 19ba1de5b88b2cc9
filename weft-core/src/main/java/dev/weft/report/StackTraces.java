package dev.weft.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Stack traces as the user's program would have shown them: without Weft's own frames (its hooks in
 * the middle, its launcher and the reflective call of {@code main} at the bottom) and without the
 * name of the class loader Weft runs the program in, and with a recursion's repeated frames folded.
 */
public final class StackTraces {
    private static final String RUN_LOADER_PREFIX = "weft-run//";

    private StackTraces() {
    }

    public static String trim(String stackTrace) {
        List<String> kept = new ArrayList<>();
        List<String> section = new ArrayList<>();
        for (String line : stackTrace.lines().toList()) {
            if (isFrame(line)) {
                section.add(line.replace(RUN_LOADER_PREFIX, ""));
            } else {
                kept.addAll(trimSection(section));
                section.clear();
                kept.add(line);
            }
        }
        kept.addAll(trimSection(section));
        return String.join("\n", foldRepeats(kept));
    }

    /**
     * A recursion's repeated frames once, with a line saying how often they came again (a stack
     * overflow's trace is a thousand copies of one or a few frames).
     */
    private static List<String> foldRepeats(List<String> lines) {
        List<String> folded = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Repetition.Fold fold = isFrame(lines.get(i)) ? Repetition.at(i, lines.size(), (a, b) -> lines.get(a).equals(lines.get(b)), 2, 4)
                    : null;
            if (fold == null) {
                folded.add(lines.get(i++));
                continue;
            }
            folded.addAll(lines.subList(i, i + fold.period()));
            String indent = lines.get(i).substring(0, lines.get(i).indexOf("at "));
            folded.add(String.format(Locale.ROOT, "%s... the %s above repeated %,d more times", indent,
                    fold.period() == 1 ? "frame" : fold.period() + " frames", fold.times()));
            i += fold.period() * (fold.times() + 1);
        }
        return folded;
    }

    /**
     * Drops Weft's frames and, below the program's last frame, the JDK frames that only carried
     * Weft's call into the program (reflection, {@code Thread.run}).
     */
    private static List<String> trimSection(List<String> frames) {
        int end = frames.size();
        boolean launcherBelow = false;
        while (end > 0 && (isWeft(frames.get(end - 1)) || isJdk(frames.get(end - 1)))) {
            launcherBelow |= isWeft(frames.get(end - 1));
            end--;
        }
        if (!launcherBelow) {
            end = frames.size();
        }
        List<String> kept = new ArrayList<>();
        for (String frame : frames.subList(0, end)) {
            if (!isWeft(frame)) {
                kept.add(frame);
            }
        }
        return kept;
    }

    private static boolean isFrame(String line) {
        return line.stripLeading().startsWith("at ");
    }

    private static boolean isWeft(String frame) {
        return frame.stripLeading().startsWith("at dev.weft.");
    }

    private static boolean isJdk(String frame) {
        String at = frame.stripLeading();
        return at.startsWith("at java.base/") || at.startsWith("at jdk.internal.") || at.startsWith("at java.lang.");
    }
}
