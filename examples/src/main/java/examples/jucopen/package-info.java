/**
 * Programs on {@code java.util.concurrent} whose JDK code Weft instruments but cannot yet give a verdict for with every
 * strategy (issue 18 stays open for them; docs/jdk.md says why): a program's loop that retries a timed poll reaches
 * the loop bound (an iteration that timed out is not a repeat for the busy-wait rule: its clock moved);
 * CompletableFutureDelayedJoined is covered under SC and TSO, but under PSO mcr says "incomplete (end cuts flushes)":
 * the delayer's daemon worker is alive with buffered writes when main ends. They are not in the catalogue
 * (CataloguedProgramsTest leaves this package out).
 */
package examples.jucopen;
