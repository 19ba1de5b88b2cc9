package subjects;

/** The names of threads made with and without one. */
public class ThreadNames {
    static String names;

    static class Unnamed extends Thread {
    }

    public static void main(String[] args) {
        names = new Thread().getName() + " " + new Thread("named").getName() + " " + new Thread(() -> { }).getName() + " "
                + new Unnamed().getName();
    }
}
