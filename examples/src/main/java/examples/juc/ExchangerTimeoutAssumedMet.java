package examples.juc;

import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A timed exchange whose caller assumes the partner, already started, always comes in time: it may time out first. */
public class ExchangerTimeoutAssumedMet {
    public static void main(String[] args) throws InterruptedException {
        Exchanger<Integer> exchanger = new Exchanger<>();
        Thread partner = new Thread(() -> {
            try {
                exchanger.exchange(2, 1, TimeUnit.SECONDS);
            } catch (InterruptedException | TimeoutException e) {
                // the partner gives up too: nothing to check on its side
            }
        });
        partner.start();
        try {
            exchanger.exchange(1, 1, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the partner did not come in time");
        }
        partner.join();
    }
}
