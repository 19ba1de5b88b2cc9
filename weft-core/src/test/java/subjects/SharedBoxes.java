package subjects;

/** Two threads store the JDK's one cached Integer 3 in shared fields: whichever runs first, it is the same object. */
public class SharedBoxes {
    static Object left;
    static Object right;

    public static void main(String[] args) throws InterruptedException {
        Thread other = new Thread(() -> left = 3);
        other.start();
        right = 3;
        other.join();
    }
}
