package subjects.ends;

/**
 * Two daemon threads each write twice, one after reading what main wrote; main's end cuts them off
 * wherever they are, so every combination of their progress is a final state.
 */
public class DaemonCutOff {
    static int x;
    static int y;
    static int flag;

    public static void main(String[] args) {
        Thread first = new Thread(() -> {
            x = 1;
            x = flag + 2;
        });
        Thread second = new Thread(() -> {
            y = 1;
            y = 2;
        });
        first.setDaemon(true);
        second.setDaemon(true);
        first.start();
        second.start();
        flag = 1;
    }
}
