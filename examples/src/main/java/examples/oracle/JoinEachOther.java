package examples.oracle;

/** A worker joins main while main joins the worker: a deadlock in every run. */
public class JoinEachOther {
    public static void main(String[] args) throws InterruptedException {
        Thread main = Thread.currentThread();
        Thread worker = new Thread(() -> {
            try {
                main.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        worker.start();
        worker.join();
    }
}
