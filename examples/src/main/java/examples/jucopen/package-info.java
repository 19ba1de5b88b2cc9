/**
 * Programs on {@code java.util.concurrent} whose JDK code Weft instruments but cannot yet give a verdict for with every
 * strategy (issue 18 stays open for them; docs/jdk.md says why): under MCR, runs of CyclicBarrier and SynchronousQueue
 * programs miss the state their seed was solved for (dpor covers them), and one does not end; so does
 * PriorityBlockingQueueTakes (and its runs diverge under TSO/PSO); LinkedBlockingQueuePoisonPill, complete before MCR asked queries again without the
 * fixed prefix (docs/mcr.md), now misses two seeds' states under SC and has a run diverge under TSO. They are not in
 * the catalogue (CataloguedProgramsTest leaves this package out).
 */
package examples.jucopen;
