package subjects;

import java.util.concurrent.CountDownLatch;

/** Uses a java.util.concurrent class Weft does not model. */
public class UsesLatch {
    public static void main(String[] args) throws InterruptedException {
        new CountDownLatch(1).await();
    }
}
