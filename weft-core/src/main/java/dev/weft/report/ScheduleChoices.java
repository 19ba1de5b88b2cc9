package dev.weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A schedule file's choices, run-length encoded: consecutive steps of one thread (a loop that runs
 * alone takes a million of them) are kept and written as one {@code {"thread": name, "times": n}}.
 * Files written before this (each step a thread name of its own) read the same.
 */
final class ScheduleChoices {
    private final List<JsonNode> runs = new ArrayList<>();
    private int[] ends = new int[16];
    private int size;

    /** Appends one choice (a thread name, or an object for a flush or a step that returned otherwise). */
    void add(JsonNode choice) {
        add(choice, 1);
    }

    /** Appends {@code times} copies of {@code choice}, merged into the last run when it is the same thread name. */
    void add(JsonNode choice, int times) {
        int last = runs.size() - 1;
        size += times;
        if (choice.isTextual() && last >= 0 && runs.get(last).equals(choice)) {
            ends[last] = size;
            return;
        }
        if (runs.size() == ends.length) {
            ends = Arrays.copyOf(ends, ends.length * 2);
        }
        runs.add(choice);
        ends[runs.size() - 1] = size;
    }

    /** Reads one element of a file's "choices" list: a choice, or a run {@code {"thread": name, "times": n}}. */
    void addFromFile(JsonNode element) {
        if (isRun(element)) {
            add(element.get("thread"), element.get("times").asInt());
        } else {
            add(element);
        }
    }

    static boolean isRun(JsonNode element) {
        return element.path("thread").isTextual() && element.path("times").isInt() && element.get("times").asInt() > 0
                && element.size() == 2;
    }

    int size() {
        return size;
    }

    /** The {@code step}-th choice (0-based). */
    JsonNode get(int step) {
        int run = Arrays.binarySearch(ends, 0, runs.size(), step + 1);
        return runs.get(run >= 0 ? run : -run - 1);
    }

    /** The choices as a file writes them. */
    ArrayNode toJson() {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (int r = 0; r < runs.size(); r++) {
            int times = ends[r] - (r == 0 ? 0 : ends[r - 1]);
            if (times == 1) {
                list.add(runs.get(r));
            } else {
                ObjectNode run = list.addObject();
                run.set("thread", runs.get(r));
                run.put("times", times);
            }
        }
        return list;
    }
}
