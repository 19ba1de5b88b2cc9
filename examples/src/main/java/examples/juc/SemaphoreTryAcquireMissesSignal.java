package examples.juc;

import java.util.concurrent.Semaphore;

/** Main polls the signal with tryAcquire instead of waiting for it: when it looks before the worker signals, the signal is missed. */
public class SemaphoreTryAcquireMissesSignal {
    public static void main(String[] args) throws InterruptedException {
        Semaphore ready = new Semaphore(0);
        Thread worker = new Thread(ready::release);
        worker.start();
        boolean signalled = ready.tryAcquire();
        worker.join();
        if (!signalled) {
            throw new AssertionError("missed the worker's signal");
        }
    }
}
