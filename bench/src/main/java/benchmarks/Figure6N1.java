package benchmarks;

/** {@link Figure6} with 1 iteration(s): bug under PSO only. */
public class Figure6N1 {
    public static void main(String[] args) throws InterruptedException {
        Figure6.run(1);
    }
}
