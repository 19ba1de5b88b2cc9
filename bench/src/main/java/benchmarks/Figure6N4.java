package benchmarks;

/** {@link Figure6} with 4 iteration(s): bug under PSO only. */
public class Figure6N4 {
    public static void main(String[] args) throws InterruptedException {
        Figure6.run(4);
    }
}
