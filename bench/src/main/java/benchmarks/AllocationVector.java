package benchmarks;

/**
 * Bug (the papers' "Allocation"): finding a free block and marking it allocated are two steps
 * without a lock, so two threads can be given the same block (AssertionError).
 */
public class AllocationVector {
    static class Vector {
        private static final int FREE = 0;
        private static final int ALLOCATED = 1;
        private final int[] blocks;

        Vector(int size) {
            blocks = new int[size];
        }

        /** Returns the allocated block's index, or -1 when every block is taken. */
        int getFreeBlockAndMarkAsAllocated() {
            int index = freeBlockIndex();
            if (index != -1) {
                blocks[index] = ALLOCATED;
            }
            return index;
        }

        private int freeBlockIndex() {
            for (int i = 0; i < blocks.length; i++) {
                if (blocks[i] == FREE) {
                    return i;
                }
            }
            return -1;
        }
    }

    static int blockOfFirst;
    static int blockOfSecond;

    public static void main(String[] args) throws InterruptedException {
        check(new Vector(2));
    }

    static void check(Vector vector) throws InterruptedException {
        Thread first = new Thread(() -> blockOfFirst = vector.getFreeBlockAndMarkAsAllocated());
        Thread second = new Thread(() -> blockOfSecond = vector.getFreeBlockAndMarkAsAllocated());
        first.start();
        second.start();
        first.join();
        second.join();
        if (blockOfFirst == blockOfSecond) {
            throw new AssertionError("block " + blockOfFirst + " allocated twice");
        }
    }
}
