package benchmarks;

/** {@link Figure6} with 2 iteration(s): bug under PSO only. */
public class Figure6N2 {
    public static void main(String[] args) throws InterruptedException {
        Figure6.run(2);
    }
}
