package subjects;

import java.util.concurrent.DelayQueue;

/** Uses a java.util.concurrent class whose JDK code Weft does not run. */
public class UsesRefusedConcurrency {
    public static void main(String[] args) throws InterruptedException {
        new DelayQueue<java.util.concurrent.Delayed>().take();
    }
}
