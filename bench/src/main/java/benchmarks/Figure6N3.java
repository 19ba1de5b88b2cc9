package benchmarks;

/** {@link Figure6} with 3 iteration(s): bug under PSO only. */
public class Figure6N3 {
    public static void main(String[] args) throws InterruptedException {
        Figure6.run(3);
    }
}
