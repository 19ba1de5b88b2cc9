package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --assume-volatile}, {@code --fence} and {@code --suggest-fixes} on the command line. */
class FixAdviceCommandTest {

    @Test
    void aVirtualFixChangesTheVerdictAndTheReportSaysTheProgramWasChanged() throws Exception {
        CommandLineTest.Outcome fixed = CommandLineTest.check("-m", "pso", "--fence", "PublicationPSO.java:18:storeStore", "examples.PublicationPSO");
        assertEquals(Main.OK, fixed.exit(), fixed.err());
        assertTrue(fixed.err().contains("examples.PublicationPSO (changed: --fence PublicationPSO.java:18:storeStore): no bug"), fixed.err());
        assertEquals("PublicationPSO.java:18:storeStore", fixed.json().get("virtualFixes").get("fences").get(0).asText());
        CommandLineTest.Outcome wrong = CommandLineTest.check("-m", "pso", "--assume-volatile", "examples.PublicationPSO.x", "examples.PublicationPSO");
        assertEquals(Main.BUG, wrong.exit(), wrong.err());
    }

    @Test
    void namesNotInTheProgramAreBadInput() {
        for (String[] bad : new String[][] {{"--assume-volatile", "examples.PublicationPSO.nope"}, {"--assume-volatile", "nope"},
            {"--fence", "PublicationPSO.java:99"}, {"--fence", "PublicationPSO.java:18:sideways"}, {"--suggest-fixes", "-m", "sc"}}) {
            String[] args = new String[bad.length + 1];
            System.arraycopy(bad, 0, args, 0, bad.length);
            args[bad.length] = "examples.PublicationPSO";
            CommandLineTest.Outcome outcome = CommandLineTest.check(args);
            assertEquals(Main.BAD_INPUT, outcome.exit(), outcome.err());
            assertEquals(1, outcome.err().strip().lines().count(), outcome.err());
        }
    }

    @Test
    void suggestFixesListsTheFixesWithTheirProofInTextJsonAndHtml(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome advised = CommandLineTest.check("-m", "pso", "--suggest-fixes", "--report", dir.toString(), "examples.PublicationPSO");
        assertEquals(Main.BUG, advised.exit(), advised.err());
        assertTrue(advised.err().contains("FIX ADVICE (PSO): 1 fix remove every relaxed-only bug; proved by a complete re-check"), advised.err());
        assertTrue(advised.err().contains("- VarHandle.storeStoreFence() before PublicationPSO.java:18"), advised.err());
        JsonNode fix = advised.json().get("fixes").get(0);
        assertEquals("fence", fix.get("kind").asText());
        assertEquals("PublicationPSO.java:18", fix.get("location").asText());
        assertEquals("storeStore", fix.get("fence").asText());
        JsonNode advice = advised.json().get("advice");
        assertEquals("fixed", advice.get("status").asText());
        assertTrue(advice.get("recheck").get("complete").asBoolean());
        assertTrue(advice.get("minimality").get(0).get("necessary").asBoolean());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("Fix advice (PSO)"));
        assertEquals("fixed", new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("advice").get("status").asText());
    }

    /** Under the JMM message passing needs the flag volatile (a release and an acquire): the data volatile would not do. */
    @Test
    void underTheJmmTheFlagOfMessagePassingIsMadeVolatile() throws Exception {
        CommandLineTest.Outcome advised = CommandLineTest.check("-m", "jmm", "-s", "dfs", "--suggest-fixes", "examples.litmus.MP");
        assertEquals(Main.BUG, advised.exit(), advised.err());
        assertTrue(advised.err().contains("FIX ADVICE (JMM): 1 fix remove every relaxed-only bug; proved by a complete re-check"), advised.err());
        assertTrue(advised.err().contains("(stale: main.1's MP.x = 1 at #"), advised.err());
        JsonNode fix = advised.json().get("fixes").get(0);
        assertEquals("volatile", fix.get("kind").asText());
        assertEquals("examples.litmus.MP.y", fix.get("field").asText());
        assertEquals("fixed", advised.json().get("advice").get("status").asText());
    }

    @Test
    void aBugScShowsTooIsNotAFenceProblem() throws Exception {
        CommandLineTest.Outcome advised = CommandLineTest.check("-m", "tso", "--suggest-fixes", "examples.LostUpdate");
        assertEquals(Main.BUG, advised.exit(), advised.err());
        assertTrue(advised.err().contains("not a fence problem (SC shows it too)"), advised.err());
        assertEquals("nothing-to-fix", advised.json().get("advice").get("status").asText());
        assertEquals(0, advised.json().get("fixes").size());
    }
}
