package dev.weft.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs one fixture test method through the JUnit Platform launcher, as Surefire or an IDE would. */
final class Fixtures {
    private Fixtures() {
    }

    /** How one test method ended, and the report entries it published. */
    record Outcome(TestExecutionResult result, List<String> reports) {
        boolean passed() {
            return result.getStatus() == TestExecutionResult.Status.SUCCESSFUL;
        }

        Throwable failure() {
            return result.getThrowable().orElseThrow(() -> new AssertionError("the test did not fail: " + reports));
        }

        String message() {
            return failure().getMessage();
        }
    }

    static Outcome run(Class<?> testClass, String method) {
        List<TestExecutionResult> results = new ArrayList<>();
        List<String> reports = new ArrayList<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectMethod(testClass, declared(testClass, method))).build(), new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest()) {
                    results.add(result);
                }
            }

            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                reports.addAll(entry.getKeyValuePairs().values());
            }
        });
        if (results.size() != 1) {
            throw new AssertionError("expected one test to run for " + testClass.getName() + "#" + method + ", got " + results);
        }
        return new Outcome(results.get(0), reports);
    }

    /** The test method by name, whatever its parameters (a name alone selects only a method without any). */
    private static java.lang.reflect.Method declared(Class<?> testClass, String name) {
        return java.util.Arrays.stream(testClass.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no method " + name + " in " + testClass.getName()));
    }
}
