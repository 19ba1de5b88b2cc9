package subjects;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Atomic scalars and arrays through plain, read-modify-write and functional operations; VarHandle fences. */
public class Atomics {
    static int number;
    static long wide;
    static boolean flag;
    static String text;
    static int element;

    public static void main(String[] args) {
        AtomicInteger counter = new AtomicInteger();
        counter.set(1);
        counter.incrementAndGet();
        counter.compareAndSet(2, 5);
        counter.lazySet(6);
        counter.updateAndGet(x -> x * 2);
        counter.accumulateAndGet(3, Integer::sum);
        counter.getAndAdd(1);
        number = counter.get();
        AtomicLong big = new AtomicLong(10);
        big.getAndUpdate(x -> x + 1);
        wide = big.get();
        AtomicBoolean once = new AtomicBoolean();
        flag = once.compareAndSet(false, true);
        AtomicReference<String> reference = new AtomicReference<>("a");
        reference.getAndSet("b");
        reference.updateAndGet(s -> s + "c");
        text = reference.get();
        AtomicIntegerArray array = new AtomicIntegerArray(3);
        array.set(1, 4);
        array.getAndIncrement(1);
        element = array.get(1) + array.length() + counter.byteValue() - counter.intValue();
        VarHandle.fullFence();
        VarHandle.acquireFence();
        VarHandle.releaseFence();
        VarHandle.loadLoadFence();
        VarHandle.storeStoreFence();
    }
}
