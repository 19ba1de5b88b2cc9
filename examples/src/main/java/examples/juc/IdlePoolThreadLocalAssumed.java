package examples.juc;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-thread buffer in a ThreadLocal, assumed made once because the pool has one worker: but the
 * pool's core size is 0, so its worker may time out between the two tasks (keep-alive 1 ms) and the
 * second runs on a fresh thread, whose buffer is made again.
 */
public class IdlePoolThreadLocalAssumed {
    private static final AtomicInteger made = new AtomicInteger();
    private static final ThreadLocal<StringBuilder> buffer = ThreadLocal.withInitial(() -> {
        made.incrementAndGet();
        return new StringBuilder();
    });

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(0, 1, 1, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        pool.submit(() -> buffer.get().append('a')).get();
        pool.submit(() -> buffer.get().append('b')).get();
        pool.shutdown();
        if (made.get() != 1) {
            throw new AssertionError("buffers made: " + made.get());
        }
    }
}
