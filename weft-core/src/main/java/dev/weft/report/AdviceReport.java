package dev.weft.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.advice.Advice;
import dev.weft.advice.Advice.Necessity;
import dev.weft.advice.Fix;
import dev.weft.explore.ExplorationResult;
import dev.weft.trace.Bug;
import dev.weft.trace.VirtualFixes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code --suggest-fixes}' advice in the text, JSON and HTML reports. */
public final class AdviceReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AdviceReport() {
    }

    /** The advice as lines of text, ending with a newline. */
    public static String text(Advice advice) {
        StringBuilder out = new StringBuilder("FIX ADVICE (" + advice.model().name() + "): " + headline(advice) + "\n");
        lines(advice).forEach(line -> out.append("  ").append(line).append('\n'));
        return out.toString();
    }

    /** One sentence on what the advice proves. */
    private static String headline(Advice advice) {
        return switch (advice.status()) {
            case NOTHING_TO_FIX -> advice.scBugs().isEmpty() ? "no bug needed a reordering: nothing to fix"
                    : "every bug is reachable under SC too: not a fence problem";
            case FIXED -> fixCount(advice) + " remove every relaxed-only bug; proved by a complete re-check, and each one is needed";
            case UNPROVED -> fixCount(advice) + " found, NOT proved: " + advice.problem();
            case NO_FIX_FOUND -> "no fixes found: " + advice.problem();
        };
    }

    private static String fixCount(Advice advice) {
        return advice.fixes().size() == 1 ? "1 fix" : advice.fixes().size() + " fixes";
    }

    private static List<String> lines(Advice advice) {
        List<String> lines = new ArrayList<>();
        advice.incompleteInputs().forEach(reason -> lines.add("based on an incomplete exploration: " + reason));
        advice.scBugs().forEach(bug -> lines.add("not a fence problem (SC shows it too): " + BugSummary.of(bug).headline()));
        advice.relaxedOnlyBugs().forEach(bug -> lines.add("needs a reordering: " + BugSummary.of(bug).headline()));
        for (Fix fix : advice.fixes()) {
            lines.add("- " + fix.describe() + "   (" + option(fix) + ")");
        }
        ExplorationResult recheck = advice.recheck();
        if (recheck != null && !advice.fixes().isEmpty()) {
            lines.add(String.format(Locale.ROOT, "re-check with the fixes: %s in %d executions%s", recheckVerdict(advice), recheck.executions(),
                    advice.rounds() > 1 ? " (after " + advice.rounds() + " rounds of fixing)" : ""));
        }
        for (Necessity proof : advice.minimality()) {
            lines.add("without " + proof.fix().describe() + ": " + (proof.necessary()
                    ? "the bug comes back (" + BugSummary.of(proof.witness()).headline() + ")" : "not proved needed: " + proof.reason()));
        }
        return lines;
    }

    /** The re-check's verdict about relaxed-only bugs: never "no bug" when it did not cover every behaviour. */
    private static String recheckVerdict(Advice advice) {
        ExplorationResult recheck = advice.recheck();
        if (!recheck.complete()) {
            return "no relaxed-only bug found, exploration incomplete";
        }
        return recheck.bugs().isEmpty() ? "no bug, every behaviour covered" : "only bugs SC shows too, every behaviour covered";
    }

    /** The command-line option that applies the fix without editing the program. */
    private static String option(Fix fix) {
        return fix.kind() == Fix.Kind.VOLATILE ? "--assume-volatile " + fix.field() : "--fence " + fix.fence();
    }

    /** The JSON fields {@code fixes} and {@code advice} of the summary. */
    public static void addTo(ObjectNode root, Advice advice) {
        ArrayNode fixes = root.putArray("fixes");
        advice.fixes().forEach(fix -> fixes.add(json(fix)));
        ObjectNode node = root.putObject("advice");
        node.put("status", advice.status().jsonName());
        node.put("memoryModel", advice.model().name().toLowerCase(Locale.ROOT));
        node.put("headline", headline(advice));
        bugs(node.putArray("scBugs"), advice.scBugs());
        bugs(node.putArray("relaxedOnlyBugs"), advice.relaxedOnlyBugs());
        ArrayNode incomplete = node.putArray("incompleteInputs");
        advice.incompleteInputs().forEach(incomplete::add);
        if (advice.recheck() != null) {
            ObjectNode recheck = node.putObject("recheck");
            recheck.put("verdict", advice.recheck().verdict().jsonName());
            recheck.put("complete", advice.recheck().complete());
            recheck.put("executions", advice.recheck().executions());
            ArrayNode reasons = recheck.putArray("incompleteReasons");
            advice.recheck().incompleteReasons().forEach(r -> reasons.add(r.describe()));
        }
        node.put("rounds", advice.rounds());
        ArrayNode minimality = node.putArray("minimality");
        for (Necessity proof : advice.minimality()) {
            ObjectNode entry = minimality.addObject();
            entry.set("fix", json(proof.fix()));
            entry.put("necessary", proof.necessary());
            if (proof.witness() != null) {
                entry.set("bugWithout", BugSummary.of(proof.witness()).toJson());
            }
            if (proof.reason() != null) {
                entry.put("reason", proof.reason());
            }
        }
        if (advice.problem() != null) {
            node.put("problem", advice.problem());
        }
    }

    /** {"kind": "volatile", "field": ...} or {"kind": "fence", "location": "File.java:12", "fence": "full"}, with the advice in words. */
    private static ObjectNode json(Fix fix) {
        ObjectNode node = JSON.createObjectNode();
        node.put("kind", fix.kind().jsonName());
        if (fix.kind() == Fix.Kind.VOLATILE) {
            node.put("field", fix.field());
        } else {
            node.put("location", fix.fence().file() + ":" + fix.fence().line());
            node.put("fence", VirtualFixes.kindName(fix.fence().kind()));
        }
        node.put("advice", fix.describe());
        return node;
    }

    private static void bugs(ArrayNode array, List<Bug> bugs) {
        bugs.forEach(bug -> array.add(BugSummary.of(bug).toJson()));
    }

    /** {@code page} (a whole HTML report) with a section of the advice before its end. */
    public static String intoHtml(String page, Advice advice) {
        StringBuilder section = new StringBuilder("<h2>Fix advice (").append(advice.model().name()).append(")</h2>\n<p>")
                .append(HtmlReport.escape(headline(advice))).append("</p>\n<ul>\n");
        lines(advice).forEach(line -> section.append("<li>").append(HtmlReport.escape(line)).append("</li>\n"));
        section.append("</ul>\n");
        int end = page.lastIndexOf("</body>");
        return page.substring(0, end) + section + page.substring(end);
    }
}
