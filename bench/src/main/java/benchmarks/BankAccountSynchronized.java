package benchmarks;

/** The fix of {@link BankAccount}: every update holds the account's monitor. Correct. */
public class BankAccountSynchronized {
    static final class SynchronizedAccount extends BankAccount.Account {
        SynchronizedAccount(int opening) {
            super(opening);
        }

        @Override
        synchronized void deposit(int amount) {
            super.deposit(amount);
        }

        @Override
        synchronized void withdraw(int amount) {
            super.withdraw(amount);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        BankAccount.check(new SynchronizedAccount(100));
    }
}
