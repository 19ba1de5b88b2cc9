package benchmarks;

/**
 * Bug (the papers' "StackUnsafe"): pushes and pops on an array-based stack are not synchronised,
 * and popIfNotEmpty checks and pops in separate steps, so two threads can both pop the last element
 * and the stack underflows (AssertionError).
 */
public class UnsafeStack {
    static class Stack {
        private final int[] items = new int[4];
        private int top;

        void push(int value) {
            items[top] = value;
            top = top + 1;
        }

        void popIfNotEmpty() {
            if (top > 0) {
                pop();
            }
        }

        private void pop() {
            int newTop = top - 1;
            if (newTop < 0) {
                throw new AssertionError("stack underflow: popped an empty stack");
            }
            top = newTop;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new Stack());
    }

    static void check(Stack stack) throws InterruptedException {
        Thread first = new Thread(() -> pushThenPopTwice(stack, 1));
        Thread second = new Thread(() -> pushThenPopTwice(stack, 2));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    private static void pushThenPopTwice(Stack stack, int value) {
        stack.push(value);
        stack.popIfNotEmpty();
        stack.popIfNotEmpty();
    }
}
