package examples.crosscheck;

/**
 * A loop whose trip count depends on shared state: two sellers take items while stock remains,
 * each decrement based on the value it read, so a decrement can be lost and the two together can
 * sell more than the initial stock of 2.
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
        int left = stock;
        while (left > 0) {
            stock = left - 1;
            sold++;
            left = stock;
        }
        return sold;
    }
}
