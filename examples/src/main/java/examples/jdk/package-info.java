/**
 * Programs that share JDK objects between threads (issue 17): collections, maps and string builders
 * whose calls Weft makes events of, used check-then-act across calls, iterated while another thread
 * changes them, guarded by their own monitors or by java.util.concurrent, or kept to one thread. Their
 * verdicts and the races between JDK calls they have are in the example catalogue.
 */
package examples.jdk;
