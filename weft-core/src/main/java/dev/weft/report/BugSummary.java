package dev.weft.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.trace.Bug;

/**
 * A bug as files show it: kind (JSON name), message, thread and "File.java:line" location (null
 * when no single location applies). Two runs show "the same bug" when kind and location agree.
 */
public record BugSummary(String kind, String message, String thread, String location) {

    public static BugSummary of(Bug bug) {
        return new BugSummary(bug.kind().jsonName(), bug.message(), bug.thread(),
                bug.location() == null ? null : bug.location().fileAndLine());
    }

    /** "exception in thread main.1 at Foo.java:12", for lists of bugs. */
    public String headline() {
        return kind + " in thread " + thread + (location == null ? "" : " at " + location);
    }

    public boolean sameBugAs(BugSummary other) {
        return other != null && kind.equals(other.kind) && java.util.Objects.equals(location, other.location);
    }

    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("kind", kind);
        node.put("message", message);
        node.put("thread", thread);
        node.put("location", location);
        return node;
    }

    public static BugSummary fromJson(JsonNode node) {
        return new BugSummary(node.path("kind").asText(), node.path("message").asText(), node.path("thread").asText(),
                node.path("location").isTextual() ? node.get("location").asText() : null);
    }
}
