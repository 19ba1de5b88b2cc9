package dev.weft.trace;

/**
 * A bug one run exhibited.
 *
 * @param kind       what went wrong
 * @param message    one line for the user ("AssertionError: lost update", "deadlock: main.1 waits for lock main#2 held by main.2, ...")
 * @param thread     name of the thread that failed (for deadlocks and livelocks: the first one involved)
 * @param location   where it failed, or null when no single location applies
 * @param stackTrace the exception's stack trace as text, or null
 */
public record Bug(BugKind kind, String message, String thread, Location location, String stackTrace) {
}
