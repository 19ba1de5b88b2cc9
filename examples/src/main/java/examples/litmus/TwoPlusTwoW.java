package examples.litmus;

/** 2+2W: x=1; y=2 || y=1; x=2. Forbidden final x=1, y=1: allowed only under PSO. */
public class TwoPlusTwoW {
    static int x, y;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 2; },
                () -> { y = 1; x = 2; });
        Litmus.forbid(x == 1 && y == 1, "x=1, y=1");
    }
}
