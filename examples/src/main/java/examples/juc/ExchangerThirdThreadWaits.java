package examples.juc;

import java.util.concurrent.Exchanger;

/** Three threads exchange through one Exchanger, which pairs two: the third waits for a partner for ever (a hang). */
public class ExchangerThirdThreadWaits {
    public static void main(String[] args) throws InterruptedException {
        Exchanger<Integer> exchanger = new Exchanger<>();
        Runnable swap = () -> {
            try {
                exchanger.exchange(1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        };
        Thread one = new Thread(swap);
        Thread two = new Thread(swap);
        one.start();
        two.start();
        exchanger.exchange(0);
        one.join();
        two.join();
    }
}
