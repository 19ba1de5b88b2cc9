package benchmarks;

/** The fix of {@link UnsafeStack}: push and check-then-pop each hold the stack's monitor. Correct. */
public class UnsafeStackSynchronized {
    static final class SynchronizedStack extends UnsafeStack.Stack {
        @Override
        synchronized void push(int value) {
            super.push(value);
        }

        @Override
        synchronized void popIfNotEmpty() {
            super.popIfNotEmpty();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        UnsafeStack.check(new SynchronizedStack());
    }
}
