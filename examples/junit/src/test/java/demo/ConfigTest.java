package demo;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.weft.junit.WeftTest;
import dev.weft.trace.MemoryModel;

/** The same test passes under sequential consistency and fails under PSO. */
class ConfigTest {
    @WeftTest
    void readerNeverSeesAFlagWithoutItsValueUnderSc() throws InterruptedException {
        publishWhileReading();
    }

    @WeftTest(memoryModel = MemoryModel.PSO)
    void readerNeverSeesAFlagWithoutItsValueUnderPso() throws InterruptedException {
        publishWhileReading();
    }

    private static void publishWhileReading() throws InterruptedException {
        Config config = new Config();
        Thread writer = new Thread(() -> config.publish(30));
        writer.start();
        assertNotEquals(0, config.timeoutIfReady(), "saw the ready flag before the timeout");
        writer.join();
    }
}
