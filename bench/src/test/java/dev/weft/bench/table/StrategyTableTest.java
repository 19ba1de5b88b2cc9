package dev.weft.bench.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrategyTableTest {
    @TempDir
    Path dir;

    @Test
    void rewritesOnlyTheGeneratedSection() throws IOException {
        Path doc = dir.resolve("benchmarks.md");
        Files.writeString(doc, "# Title\nprose\n" + StrategyTable.BEGIN + "\nold table\n" + StrategyTable.END + "\nreading\n");
        StrategyTable.replaceGenerated(doc, "new table\n", "");
        assertEquals("# Title\nprose\n" + StrategyTable.BEGIN + "\n\nnew table\n\n" + StrategyTable.END + "\nreading\n", Files.readString(doc));
    }

    @Test
    void refusesADocumentWithoutTheMarkers() throws IOException {
        Path doc = dir.resolve("benchmarks.md");
        Files.writeString(doc, "# hand-written only\n");
        assertThrows(IOException.class, () -> StrategyTable.replaceGenerated(doc, "table", ""));
        assertEquals("# hand-written only\n", Files.readString(doc));
    }

    @Test
    void quickModeRunsEveryStrategyOnOneProgram() throws Exception {
        Path doc = dir.resolve("benchmarks.md");
        Files.writeString(doc, StrategyTable.BEGIN + "\n" + StrategyTable.END + "\n");
        StrategyTable.main(new String[] {"--quick", "--seconds", "120", "--filter", "BankAccountSynchronized", "--write", dir.toString()});
        String csv = Files.readString(dir.resolve("benchmarks.csv"));
        assertEquals(6, csv.lines().count(), csv);
        for (String strategy : new String[] {"mcr", "dpor", "dfs", "icb", "pct"}) {
            assertEquals(1, csv.lines().filter(l -> l.startsWith("benchmarks.BankAccountSynchronized,sc,ok," + strategy + ",")).count(), csv);
        }
        assertEquals(1, csv.lines().filter(l -> l.startsWith("benchmarks.BankAccountSynchronized,sc,ok,mcr,ok,true,false,")).count(), csv);
    }

    @Test
    void statesCountsTheDistinctReadStatesWhichCompleteStrategiesAgreeOn() throws Exception {
        Path doc = dir.resolve("benchmarks.md");
        Files.writeString(doc, StrategyTable.BEGIN + "\n" + StrategyTable.END + "\n");
        StrategyTable.main(new String[] {"--quick", "--seconds", "120", "--strategies", "mcr,dpor", "--filter", "BankAccountSynchronized", "--states",
                "--write", dir.toString()});
        List<String[]> rows = Files.readString(dir.resolve("benchmarks.csv")).lines().skip(1).map(l -> l.split(",")).toList();
        assertEquals(2, rows.size());
        for (String[] row : rows) {
            assertEquals("true", row[5], String.join(",", row));
            int runs = Integer.parseInt(row[8]);
            int states = Integer.parseInt(row[9]);
            assertTrue(states >= 1 && states <= runs, String.join(",", row));
        }
        assertEquals(rows.get(0)[9], rows.get(1)[9], "mcr and dpor, both complete, reach the same read states");
        assertTrue(Files.readString(doc).contains(" states, "));
    }

    @Test
    void theJdkSetWritesItsOwnSectionAndFile() throws Exception {
        Path doc = dir.resolve("benchmarks.md");
        String mainSection = StrategyTable.BEGIN + "\nmain table\n" + StrategyTable.END + "\n";
        Files.writeString(doc, mainSection + "<!-- StrategyTable jdk output: begin -->\n<!-- StrategyTable jdk output: end -->\n");
        StrategyTable.main(new String[] {"--quick", "--seconds", "120", "--programs", "jdk", "--strategies", "mcr", "--filter", "RegistryLocked",
                "--write", dir.toString()});
        String text = Files.readString(doc);
        assertTrue(text.startsWith(mainSection), text);
        assertTrue(text.contains("| jdk.RegistryLocked | sc | ok | "), text);
        assertTrue(Files.readString(dir.resolve("benchmarks-jdk.csv")).contains("examples.jdk.RegistryLocked,sc,ok,mcr,ok,true,false,"));
    }

    @Test
    void anUnknownProgramSetIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> StrategyTable.main(new String[] {"--programs", "nosuch"}));
    }
}
