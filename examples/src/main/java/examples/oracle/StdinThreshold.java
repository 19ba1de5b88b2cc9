package examples.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

/**
 * Issue 16, item 5: reads a threshold from standard input, then two threads add to a counter without
 * a lock; a lost update leaves it below the threshold. With no input (end of file) the threshold is 0
 * and nothing can fail, so a checker that gives only its first run the input misses the bug. The
 * oracle's corpus feeds it "2".
 */
public class StdinThreshold {
    static int threshold;
    static int count;

    public static void main(String[] args) throws IOException, InterruptedException {
        String line = new BufferedReader(new InputStreamReader(System.in)).readLine();
        threshold = line == null ? 0 : Integer.parseInt(line.trim());
        Thread one = new Thread(StdinThreshold::add);
        Thread two = new Thread(StdinThreshold::add);
        one.start();
        two.start();
        one.join();
        two.join();
        if (count < threshold) {
            throw new AssertionError("count " + count + " below the threshold " + threshold);
        }
    }

    static void add() {
        int seen = count;
        Noise.point();
        count = seen + 1;
    }
}
