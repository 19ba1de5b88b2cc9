package examples.oracle;

/**
 * A helper interrupts main while main joins a worker: the join ends by the interrupt or because the
 * worker ended first. Correct.
 */
public class InterruptJoin {
    static volatile boolean joinInterrupted;

    public static void main(String[] args) throws InterruptedException {
        Thread main = Thread.currentThread();
        Thread worker = new Thread(Noise::point);
        Thread interrupter = new Thread(() -> {
            Noise.point();
            main.interrupt();
        });
        worker.start();
        interrupter.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            joinInterrupted = true;
        }
        // The interrupt may come only now, during this join: wait the interrupter out before the last join.
        while (interrupter.isAlive()) {
            try {
                interrupter.join();
            } catch (InterruptedException late) {
                // The interrupt came during this join and is consumed: go on waiting.
            }
        }
        Thread.interrupted();
        worker.join();
    }
}
