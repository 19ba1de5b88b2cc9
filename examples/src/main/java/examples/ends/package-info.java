/**
 * Programs whose runs end while other threads could still act, or go on past an uncaught
 * exception (issue 16, item 3), where a plain JVM run shows too little for the stress oracle: a
 * thread dead with a lock held, a daemon that spins for ever, the program's own uncaught-exception
 * handlers, a shutdown hook. {@code RunEndsExplorationTest} explores them with every strategy.
 */
package examples.ends;
