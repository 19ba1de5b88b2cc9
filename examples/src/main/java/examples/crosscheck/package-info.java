/**
 * Small correct programs whose final static state depends on the interleaving. Tests run them
 * with MCR and with exhaustive DFS and compare the sets of final states: a reduction that misses
 * one of DFS's states is incomplete. To keep DFS fast they avoid shared accesses that add no
 * behaviour: monitors and locks are captured locals or class monitors rather than static fields.
 */
package examples.crosscheck;
