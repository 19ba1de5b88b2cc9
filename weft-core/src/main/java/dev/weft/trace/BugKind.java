package dev.weft.trace;

/** Kinds of bug, with the names the JSON summary uses. */
public enum BugKind {
    ASSERTION("assertion"),
    EXCEPTION("exception"),
    DEADLOCK("deadlock"),
    LIVELOCK("livelock"),
    EXIT("exit"),
    DATA_RACE("data-race");

    private final String jsonName;

    BugKind(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }
}
