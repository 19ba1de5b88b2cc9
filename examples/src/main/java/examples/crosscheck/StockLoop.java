package examples.crosscheck;

/**
 * A loop whose trip count depends on shared state: two sellers take items while stock is positive,
 * checking and decrementing separately, so the stock can end at 0 or -1 and the split varies.
 */
public class StockLoop {
    static int stock = 2;
    static int soldByFirst;
    static int soldBySecond;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> soldByFirst = sellAll());
        Thread second = new Thread(() -> soldBySecond = sellAll());
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static int sellAll() {
        int sold = 0;
        while (stock > 0) {
            stock = stock - 1;
            sold++;
        }
        return sold;
    }
}
