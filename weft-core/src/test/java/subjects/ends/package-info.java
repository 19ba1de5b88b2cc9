/**
 * Programs whose runs end while other threads could still act, or go on past an uncaught
 * exception (issue 16, item 3), that the examples' catalogue and the stress oracle cannot hold: a
 * thread dead with a lock held, a daemon that spins for ever, the program's own uncaught-exception
 * handlers, a shutdown hook, daemons and writers cut off wherever they are (under PSO MCR says
 * incomplete about some of them). {@code RunEndsExplorationTest} explores them.
 */
package subjects.ends;
