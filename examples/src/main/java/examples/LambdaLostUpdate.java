package examples;

/**
 * {@link LostUpdate} with thread bodies given as a method reference and as a lambda, on an
 * instance field: the two unsynchronised increments can still overwrite each other.
 */
public class LambdaLostUpdate {
    private int hits;

    void recordHit() {
        hits = hits + 1;
    }

    public static void main(String[] args) throws InterruptedException {
        LambdaLostUpdate page = new LambdaLostUpdate();
        Thread byReference = new Thread(page::recordHit);
        Thread byLambda = new Thread(() -> page.recordHit());
        byReference.start();
        byLambda.start();
        byReference.join();
        byLambda.join();
        if (page.hits != 2) {
            throw new AssertionError("lost update: hits = " + page.hits + ", expected 2");
        }
    }
}
