package examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class CataloguedProgramsTest {
    private static final List<Catalog.Entry> CATALOG = Catalog.examples();
    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final int PLAIN_RUNS = 3;
    private static final String JDK_DEEP = "examples.jdkdeep.";
    /** java.util.concurrent programs Weft cannot give a verdict for with every strategy yet (see its package-info). */
    private static final String JUC_OPEN = "examples.jucopen.";
    private static final String INPUTS = "examples.inputs.";

    @TestFactory
    Stream<DynamicTest> everyCataloguedClassHasAMain() {
        return Catalog.classNames(CATALOG).stream().map(name -> dynamicTest(name,
                () -> IsolatedRun.mainMethod(name, getClass().getClassLoader())));
    }

    /** Litmus programs are left out: what real hardware and JIT do with them is not these programs' verdict. */
    @TestFactory
    Stream<DynamicTest> correctProgramsEndNormallyOnPlainThreads() {
        return Catalog.correctUnderEveryModel(CATALOG).stream()
                .filter(name -> !name.startsWith("examples.litmus."))
                .map(name -> dynamicTest(name, () -> {
                    for (int run = 0; run < PLAIN_RUNS; run++) {
                        IsolatedRun.run(name, LIMIT);
                    }
                }));
    }

    @Test
    void everyProgramInTheModuleIsCatalogued() throws IOException, URISyntaxException {
        Path classes = Path.of(Catalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> withMain;
        try (Stream<Path> files = Files.walk(classes)) {
            withMain = files.filter(file -> file.toString().endsWith(".class"))
                    .map(file -> classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", ""))
                    .filter(name -> !name.contains("$") && hasMain(name))
                    // Their verdicts need --instrument-jdk, which the catalogue cannot say: JdkInstrumentationTest checks them.
                    .filter(name -> !name.startsWith(JDK_DEEP) && !name.startsWith(JUC_OPEN))
                    // Their verdicts depend on their inputs, which the catalogue cannot say: ProgramInputsTest checks them.
                    .filter(name -> !name.startsWith(INPUTS))
                    .sorted()
                    .toList();
        }
        Stream<String> catalogued = Stream.concat(Catalog.classNames(CATALOG).stream(), Catalog.classNames(Catalog.oracleCorpus()).stream());
        assertEquals(withMain, catalogued.sorted().toList());
    }

    @Test
    void oracleCorpusCoversIssue16sCases() {
        List<Catalog.Entry> corpus = Catalog.oracleCorpus();
        assertTrue(corpus.size() >= 40, "the corpus has " + corpus.size() + " programs");
        for (String item : List.of("1", "2", "3", "4", "5", "6", "8")) {
            assertTrue(corpus.stream().anyMatch(e -> e.column("item").equals(item)), "no corpus program for issue 16's item " + item);
        }
        corpus.forEach(entry -> IsolatedRun.mainMethod(entry.className(), getClass().getClassLoader()));
    }

    @Test
    void catalogueCoversTheRequiredGroups() {
        Map<String, Long> programsByPackage = Catalog.classNames(CATALOG).stream()
                .collect(Collectors.groupingBy(name -> name.substring(0, name.lastIndexOf('.')), Collectors.counting()));
        // Issue 4's 17 litmus tests, 16 with VarHandle and atomic access modes (issue 22), 6 on volatile reads and writes.
        assertEquals(39, programsByPackage.get("examples.litmus"));
        assertTrue(programsByPackage.get("examples.crosscheck") >= 12);
    }

    @Test
    void relaxedModelsKeepEveryBugOfStricterOnes() {
        Map<String, Map<String, Boolean>> bugByModel = CATALOG.stream().collect(Collectors.groupingBy(
                Catalog.Entry::className, Collectors.toMap(Catalog.Entry::memoryModel, Catalog.Entry::expectsBug)));
        bugByModel.forEach((name, bug) -> {
            assertTrue(!bug.get("sc") || bug.get("tso"), name + ": a bug under SC is a bug under TSO");
            assertTrue(!bug.get("tso") || bug.get("pso"), name + ": a bug under TSO is a bug under PSO");
        });
    }

    @Test
    void isolatedRunReportsAnExceptionInAWorkerThread() {
        AssertionError failure = assertThrows(AssertionError.class,
                () -> IsolatedRun.run(WorkerThrows.class.getName(), LIMIT));
        assertTrue(failure.getCause() instanceof IllegalStateException, String.valueOf(failure.getCause()));
    }

    @Test
    void isolatedRunReportsAMainThatDoesNotEnd() {
        AssertionError failure = assertThrows(AssertionError.class,
                () -> IsolatedRun.run(BlocksForever.class.getName(), Duration.ofMillis(200)));
        assertTrue(failure.getMessage().contains("did not finish"), failure.getMessage());
    }

    @Test
    void isolatedRunStartsEveryRunWithFreshStatics() throws InterruptedException {
        for (int run = 0; run < 2; run++) {
            IsolatedRun.run(CountsRuns.class.getName(), LIMIT);
        }
        assertThrows(IllegalArgumentException.class, () -> IsolatedRun.run(Catalog.class.getName(), LIMIT));
    }

    static final class WorkerThrows {
        public static void main(String[] args) throws InterruptedException {
            Thread worker = new Thread(() -> {
                throw new IllegalStateException("worker failed");
            });
            worker.start();
            worker.join();
        }
    }

    static final class BlocksForever {
        public static void main(String[] args) throws InterruptedException {
            new java.util.concurrent.CountDownLatch(1).await();
        }
    }

    static final class CountsRuns {
        private static int runs;

        public static void main(String[] args) {
            runs++;
            if (runs != 1) {
                throw new AssertionError("static state survived from an earlier run");
            }
        }
    }

    private boolean hasMain(String name) {
        try {
            IsolatedRun.mainMethod(name, getClass().getClassLoader());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
