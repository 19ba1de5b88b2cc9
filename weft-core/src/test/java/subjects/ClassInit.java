package subjects;

/** A static initialiser that writes a static field. */
public class ClassInit {
    static int value = compute();

    static int compute() {
        return 5;
    }

    public static void main(String[] args) {
        value++;
    }
}
