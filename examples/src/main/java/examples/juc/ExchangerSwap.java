package examples.juc;

import java.util.concurrent.Exchanger;

/** Two threads swap values through an Exchanger: each gets the other's. */
public class ExchangerSwap {
    public static void main(String[] args) throws InterruptedException {
        Exchanger<Integer> exchanger = new Exchanger<>();
        int[] got = new int[1];
        Thread other = new Thread(() -> {
            try {
                got[0] = exchanger.exchange(2);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        int mine = exchanger.exchange(1);
        other.join();
        if (mine != 2 || got[0] != 1) {
            throw new AssertionError("exchanged " + mine + " and " + got[0]);
        }
    }
}
