/**
 * Small correct programs whose final static state depends on the interleaving. Tests run them
 * with MCR and with exhaustive DFS and compare the sets of final states: a reduction that misses
 * one of DFS's states is incomplete. Each stays small enough for DFS to finish in seconds.
 */
package examples.crosscheck;
