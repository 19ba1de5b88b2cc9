package perf;

/**
 * The solver benchmark's real trace of a chosen length: three tellers make {@code args[0]} rounds
 * each, a locked deposit to one account and an unlocked transfer between two others, so the trace
 * has lock pairs, racing reads and values many writes give.
 */
public class BankRounds {
    static final Object LOCK = new Object();
    static int locked;
    static int checking;
    static int savings;

    public static void main(String[] args) throws InterruptedException {
        int rounds = Integer.parseInt(args[0]);
        Thread[] tellers = new Thread[3];
        for (int t = 0; t < tellers.length; t++) {
            int amount = t + 1;
            tellers[t] = new Thread(() -> work(rounds, amount));
            tellers[t].start();
        }
        for (Thread teller : tellers) {
            teller.join();
        }
    }

    private static void work(int rounds, int amount) {
        for (int i = 0; i < rounds; i++) {
            synchronized (LOCK) {
                locked = locked + amount;
            }
            int moved = checking;
            checking = moved - amount;
            savings = savings + amount;
        }
    }
}
