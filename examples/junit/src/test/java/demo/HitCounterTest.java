package demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.WeftTest;

/** Fails: Weft finds the interleaving that loses a hit and saves its schedule for replay. */
class HitCounterTest {
    @WeftTest
    void twoThreadsCountTwoHits() throws InterruptedException {
        HitCounter counter = new HitCounter();
        Thread a = new Thread(counter::hit);
        Thread b = new Thread(counter::hit);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.hits());
    }
}
