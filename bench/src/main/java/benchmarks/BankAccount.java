package benchmarks;

/**
 * Bug (the papers' "Account"): deposits and withdrawals read and write the balance without a lock,
 * so one update can overwrite another and the final balance is wrong (AssertionError).
 */
public class BankAccount {
    static class Account {
        private int balance;

        Account(int opening) {
            balance = opening;
        }

        void deposit(int amount) {
            balance = balance + amount;
        }

        void withdraw(int amount) {
            balance = balance - amount;
        }

        int balance() {
            return balance;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new Account(100));
    }

    static void check(Account account) throws InterruptedException {
        Thread salary = new Thread(() -> account.deposit(20));
        Thread refund = new Thread(() -> account.deposit(10));
        Thread rent = new Thread(() -> account.withdraw(50));
        salary.start();
        refund.start();
        rent.start();
        salary.join();
        refund.join();
        rent.join();
        if (account.balance() != 80) {
            throw new AssertionError("balance is " + account.balance() + ", expected 80");
        }
    }
}
