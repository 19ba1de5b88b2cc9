package benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import examples.Catalog;
import examples.IsolatedRun;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class BenchmarkCatalogTest {
    private static final List<Catalog.Entry> CATALOG = Catalog.load("benchmarks/catalog.tsv");

    @TestFactory
    Stream<DynamicTest> everyBenchmarkHasAMain() {
        return Catalog.classNames(CATALOG).stream().map(name -> dynamicTest(name,
                () -> IsolatedRun.mainMethod(name, getClass().getClassLoader())));
    }

    @TestFactory
    Stream<DynamicTest> correctBenchmarksEndNormallyOnPlainThreads() {
        return Catalog.correctUnderEveryModel(CATALOG).stream().map(name -> dynamicTest(name,
                () -> IsolatedRun.run(name, Duration.ofSeconds(20))));
    }

    @Test
    void everyProgramIsListedUnderAllThreeModelsWithWellFormedPaperCounts() {
        assertEquals(3 * Catalog.classNames(CATALOG).size(), CATALOG.size());
        for (Catalog.Entry entry : CATALOG) {
            for (String column : List.of("paper_bug_runs", "paper_complete_runs")) {
                assertTrue(entry.column(column).matches("-|\\d+"), entry.className() + " " + column);
            }
        }
    }

    @Test
    void everyBuggyBenchmarkHasACorrectedVersion() {
        List<String> correct = Catalog.correctUnderEveryModel(CATALOG);
        assertTrue(correct.containsAll(List.of("benchmarks.DekkerVolatile", "benchmarks.PetersonVolatile",
                "benchmarks.BakeryVolatile", "benchmarks.LamportFastMutexVolatile", "benchmarks.UnsafeStackSynchronized",
                "benchmarks.BankAccountSynchronized", "benchmarks.AirlineSynchronized",
                "benchmarks.AllocationVectorSynchronized", "benchmarks.BubbleSortSynchronized",
                "benchmarks.PingPongSynchronized", "benchmarks.StringBufferAtomicityFixed",
                "benchmarks.PoolSynchronized", "benchmarks.LoggerSynchronized")), correct.toString());
    }
}
