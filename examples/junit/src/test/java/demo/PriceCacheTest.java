package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.WeftTest;
import org.junit.jupiter.api.BeforeEach;

/** Passes: every interleaving of two readers of one item looks it up once and agrees on its price. */
class PriceCacheTest {
    private PriceCache cache;

    @BeforeEach
    void newCache() {
        cache = new PriceCache(String::length);
    }

    @WeftTest
    void concurrentReadersShareOneLookup() throws InterruptedException {
        int[] seen = new int[2];
        Thread a = new Thread(() -> seen[0] = cache.price("apple"));
        Thread b = new Thread(() -> seen[1] = cache.price("apple"));
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(5, seen[0]);
        assertEquals(5, seen[1]);
        assertEquals(1, cache.lookups());
    }
}
