package examples;

/**
 * Deadlock: one thread takes the account monitors in the order (from, to), the other in the
 * order (to, from); if each takes its first monitor before the other's second, both wait forever.
 */
public class LockOrderInversion {
    static final class Account {
        int balance = 10;
    }

    public static void main(String[] args) throws InterruptedException {
        Account savings = new Account();
        Account checking = new Account();
        Thread toChecking = new Thread(() -> transfer(savings, checking, 5));
        Thread toSavings = new Thread(() -> transfer(checking, savings, 3));
        toChecking.start();
        toSavings.start();
        toChecking.join();
        toSavings.join();
    }

    static void transfer(Account from, Account to, int amount) {
        synchronized (from) {
            synchronized (to) {
                from.balance -= amount;
                to.balance += amount;
            }
        }
    }
}
