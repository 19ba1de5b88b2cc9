package benchmarks;

/** The fix of {@link AllocationVector}: find-and-mark holds the vector's monitor. Correct. */
public class AllocationVectorSynchronized {
    static final class SynchronizedVector extends AllocationVector.Vector {
        SynchronizedVector(int size) {
            super(size);
        }

        @Override
        synchronized int getFreeBlockAndMarkAsAllocated() {
            return super.getFreeBlockAndMarkAsAllocated();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        AllocationVector.check(new SynchronizedVector(2));
    }
}
