package subjects;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Method references whose implementation is a JDK method: an atomic as a thread body, a lock, constructors, and Object's
 * method on a receiver captured as an interface.
 */
public class MethodRefs {
    static int value;
    static boolean sameAsItself;

    public static void main(String[] args) throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        Thread incrementer = new Thread(counter::incrementAndGet);
        incrementer.start();
        incrementer.join();
        Supplier<ReentrantLock> factory = ReentrantLock::new;
        ReentrantLock lock = factory.get();
        Runnable locker = lock::lock;
        locker.run();
        lock.unlock();
        Function<Runnable, Thread> threads = Thread::new;
        Thread empty = threads.apply(() -> { });
        empty.start();
        empty.join();
        value = counter.get();
        Predicate<Object> same = locker::equals;
        sameAsItself = same.test(locker);
    }
}
