package examples;

/**
 * A tournament barrier on plain flags (after the tbarrier program of the memory-model-sensitive bytecode
 * checking paper's Table 5), two threads and so one match: the loser says it arrived and waits to be
 * released, the winner waits for its arrival and releases it. Each thread writes its own slot before
 * the barrier and reads the other's after it. Correct under SC and TSO (stores leave in order);
 * under PSO a flag's write can overtake the slot's, and under the JMM the plain flags order nothing.
 */
public class TournamentBarrier {
    static int slot0;
    static int slot1;
    static int arrived;
    static int released;

    public static void main(String[] args) throws InterruptedException {
        Thread winner = new Thread(() -> {
            slot0 = 1;
            while (arrived == 0) {
                // wait for the loser of the match
            }
            released = 1;
            check(slot1, "the winner passed the barrier without the loser's slot");
        });
        Thread loser = new Thread(() -> {
            slot1 = 1;
            arrived = 1;
            while (released == 0) {
                // wait for the winner to release this thread
            }
            check(slot0, "the loser passed the barrier without the winner's slot");
        });
        winner.start();
        loser.start();
        winner.join();
        loser.join();
    }

    private static void check(int slot, String failure) {
        if (slot != 1) {
            throw new AssertionError(failure);
        }
    }
}
