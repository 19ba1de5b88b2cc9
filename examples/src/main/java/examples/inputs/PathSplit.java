package examples.inputs;

import dev.weft.Weft;

/**
 * Our own version of Maximal Path Causality's Figure 8 (Yi and Huang, ESEC/FSE 2018, §3.4): the
 * checker fails only when the first thread takes its else branch and then writes 2, which needs
 * i <= 0 and j > 0 and the write before the check. A first run with i > 0 shows no write of 2, so
 * the check's other side is infeasible on that run alone: only a run down the first thread's other
 * path makes it feasible (what the paper's Strategy 1 misses and Strategy 2 finds).
 */
public class PathSplit {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(PathSplit::first);
        Thread checker = new Thread(PathSplit::check);
        first.start();
        checker.start();
        first.join();
        checker.join();
    }

    static void first() {
        int i = Weft.input("i", -1, 1);
        int j = Weft.input("j", -1, 1);
        if (i > 0) {
            x = 1;
        } else if (j > 0) {
            x = 2;
        } else {
            x = 3;
        }
    }

    static void check() {
        if (x == 2) {
            throw new IllegalStateException("x = 2");
        }
    }
}
