/**
 * Programs on {@code java.util.concurrent} whose JDK code Weft instruments but cannot yet give a verdict for with every
 * strategy (issue 18 stays open for them; docs/jdk.md says why): under MCR, runs of CyclicBarrier and SynchronousQueue
 * programs miss the state their seed was solved for (dpor covers them), and one does not end; so does
 * PriorityBlockingQueueTakes (and its runs diverge under TSO/PSO), and on JDK 25, where LinkedTransferQueue's code is
 * SynchronousQueue's, TransferHandsOver (covered by mcr and dpor on JDK 17: 52 and 100 runs; dpor 21 on JDK 25); LinkedBlockingQueuePoisonPill, complete before MCR asked queries again without the
 * fixed prefix (docs/mcr.md), now misses two seeds' states under SC and has a run diverge under TSO. They are not in
 * the catalogue (CataloguedProgramsTest leaves this package out).
 */
package examples.jucopen;
