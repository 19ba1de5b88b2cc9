package benchmarks;

/** The fix of {@link BubbleSort}: each sort holds the array's monitor throughout. Correct. */
public class BubbleSortSynchronized {
    static final class SynchronizedSorter extends BubbleSort.Sorter {
        @Override
        void sort(int[] values) {
            synchronized (values) {
                super.sort(values);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        BubbleSort.check(new SynchronizedSorter());
    }
}
