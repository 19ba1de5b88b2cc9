package examples.jdk;

import java.util.ArrayDeque;

/**
 * Two threads pop a shared ArrayDeque holding one item, each after checking it is not empty, with no
 * lock: both can pass the check, and the second pop throws NoSuchElementException. The calls race.
 */
public class DequeCheckThenPop {
    public static void main(String[] args) throws InterruptedException {
        ArrayDeque<String> tasks = new ArrayDeque<>();
        tasks.push("task");
        Runnable take = () -> {
            if (!tasks.isEmpty()) {
                tasks.pop();
            }
        };
        TwoThreads.run(take, take);
    }
}
