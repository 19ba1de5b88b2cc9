/**
 * Programs on {@code java.util.concurrent}'s synchronizers and concurrent collections, whose JDK code Weft runs
 * instrumented (issue 18): correct uses and classic misuses, each with its verdict in the catalogue.
 */
package examples.juc;
