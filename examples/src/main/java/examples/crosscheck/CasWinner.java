package examples.crosscheck;

import java.util.concurrent.atomic.AtomicInteger;

/** compareAndSet: both threads try to claim an empty slot; exactly one wins, and either may. */
public class CasWinner {
    static final AtomicInteger owner = new AtomicInteger();
    static int winner;
    static int failedClaims;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> claim(1));
        Thread second = new Thread(() -> claim(2));
        first.start();
        second.start();
        first.join();
        second.join();
        winner = owner.get();
    }

    static void claim(int id) {
        if (!owner.compareAndSet(0, id)) {
            synchronized (CasWinner.class) {
                failedClaims = failedClaims + 1;
            }
        }
    }
}
