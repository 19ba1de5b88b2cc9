package subjects;

import java.util.ArrayList;
import java.util.List;

/** Objects reached in different ways, each deadlocking two threads, whose reports must name them as people do. */
public class NamedObjects {
    static final Object LEFT = new Object();
    static final Object RIGHT = new Object();
    static Account[] accounts = new Account[2];

    static class Account {
        final Object lock = new Object();
    }

    public static void main(String[] args) throws InterruptedException {
        switch (args[0]) {
            case "statics" -> inOppositeOrder(LEFT, RIGHT);
            case "paths" -> {
                accounts[0] = new Account();
                accounts[1] = new Account();
                inOppositeOrder(accounts[0].lock, accounts[1].lock);
            }
            case "locals" -> inOppositeOrder(new Object(), new ArrayList<String>());
            case "sameSite" -> {
                List<Object> locks = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    locks.add(new Object());
                }
                inOppositeOrder(locks.get(0), locks.get(1));
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void inOppositeOrder(Object first, Object second) throws InterruptedException {
        Thread other = new Thread(() -> both(second, first));
        other.start();
        both(first, second);
        other.join();
    }

    private static void both(Object outer, Object inner) {
        synchronized (outer) {
            synchronized (inner) {
                outer.hashCode();
            }
        }
    }
}
