package examples.juc;

/**
 * CountedCompleterSum's task with a pending count of 0 where it needs 1 (setPendingCount forgotten):
 * the half that completes first runs the parent's onCompletion, and completes the root, before the
 * other half has its result.
 */
public class CountedCompleterPendingNotSet {
    public static void main(String[] args) {
        int sum = new CountedCompleterSum.Sum(null, new int[] {1, 2}, 0, 2, 0).invoke();
        if (sum != 3) {
            throw new AssertionError("sum " + sum);
        }
    }
}
