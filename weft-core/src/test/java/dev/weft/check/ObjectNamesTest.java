package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Reports name objects by the field path that reached them, else by type and allocation site, never by a bare id. */
class ObjectNamesTest {
    private static final Pattern BARE_ID = Pattern.compile("(?<![\\w\\[])main(\\.\\d+)*[#@]\\d+");

    @Test
    void locksInStaticFieldsAreNamedByTheirFields() throws Exception {
        CheckResult result = deadlock("statics");
        String message = result.bugs().get(0).bug().message();
        assertTrue(message.contains("waits for lock NamedObjects.LEFT held by"), message);
        assertTrue(message.contains("waits for lock NamedObjects.RIGHT held by"), message);
        assertTrue(result.text(List.of(), false).contains("lock NamedObjects.LEFT"), "the interleaving names the lock too");
        assertNoBareIds(result);
    }

    @Test
    void objectsReachedThroughFieldsAndArraysAreNamedByThePath() throws Exception {
        String message = deadlock("paths").bugs().get(0).bug().message();
        assertTrue(message.contains("waits for lock NamedObjects.accounts[0].lock held by"), message);
        assertTrue(message.contains("waits for lock NamedObjects.accounts[1].lock held by"), message);
    }

    @Test
    void objectsNoFieldReachesAreNamedByTypeAndAllocationSite() throws Exception {
        CheckResult result = deadlock("locals");
        String message = result.bugs().get(0).bug().message();
        assertTrue(message.matches(".*waits for lock Object@NamedObjects\\.java:\\d+ held by.*"), message);
        assertTrue(message.matches(".*waits for lock ArrayList@NamedObjects\\.java:\\d+ held by.*"), message);
        assertNoBareIds(result);
    }

    @Test
    void objectsMadeAtTheSameSiteKeepTheirStableIdentityInBrackets() throws Exception {
        String message = deadlock("sameSite").bugs().get(0).bug().message();
        Matcher named = Pattern.compile("lock Object@NamedObjects\\.java:\\d+ \\[(main#\\d+)]").matcher(message);
        assertTrue(named.find(), message);
        String one = named.group(1);
        assertTrue(named.find(), message);
        assertFalse(one.equals(named.group(1)), "two objects, two identities: " + message);
    }

    private static CheckResult deadlock(String how) throws Exception {
        CheckResult result = Checker.check(CheckRequest.forMainClass("subjects.NamedObjects").args(List.of(how))
                .classpath(List.of(RealRuns.classpathOf(subjects.NamedObjects.class))).build());
        Bug bug = result.bugs().get(0).bug();
        assertEquals(BugKind.DEADLOCK, bug.kind(), bug.toString());
        return result;
    }

    private static void assertNoBareIds(CheckResult result) {
        String text = result.text(List.of(), true);
        Matcher bare = BARE_ID.matcher(text);
        assertFalse(bare.find(), () -> "a bare object id in the report: " + text);
    }
}
