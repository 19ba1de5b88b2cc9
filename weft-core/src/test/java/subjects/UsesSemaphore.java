package subjects;

import java.util.concurrent.Semaphore;

/** Uses a java.util.concurrent class Weft does not model. */
public class UsesSemaphore {
    public static void main(String[] args) throws InterruptedException {
        new Semaphore(0).acquire();
    }
}
