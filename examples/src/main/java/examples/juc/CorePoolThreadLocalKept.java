package examples.juc;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A per-thread buffer in a ThreadLocal, made once on a pool of one core worker: a core worker does not
 * time out (keep-alive 1 ms applies above the core size only), so both tasks run on the same thread.
 */
public class CorePoolThreadLocalKept {
    private static final AtomicInteger made = new AtomicInteger();
    private static final ThreadLocal<StringBuilder> buffer = ThreadLocal.withInitial(() -> {
        made.incrementAndGet();
        return new StringBuilder();
    });

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 1, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        pool.submit(() -> buffer.get().append('a')).get();
        pool.submit(() -> buffer.get().append('b')).get();
        pool.shutdown();
        if (made.get() != 1) {
            throw new AssertionError("buffers made: " + made.get());
        }
    }
}
