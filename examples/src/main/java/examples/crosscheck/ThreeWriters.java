package examples.crosscheck;

/** Three threads each write {@code last} and read it back; each sees its own or a later write. */
public class ThreeWriters {
    static int last;
    static int seenByFirst;
    static int seenBySecond;
    static int seenByThird;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> seenByFirst = writeAndReadBack(1));
        Thread second = new Thread(() -> seenBySecond = writeAndReadBack(2));
        Thread third = new Thread(() -> seenByThird = writeAndReadBack(3));
        first.start();
        second.start();
        third.start();
        first.join();
        second.join();
        third.join();
    }

    static int writeAndReadBack(int id) {
        last = id;
        return last;
    }
}
