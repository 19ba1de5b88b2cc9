package dev.weft.junit;

import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test method Weft model-checks: every run makes a fresh instance of the test class in a fresh
 * instrumenting class loader (fresh static state) and calls its {@code @BeforeEach} methods, the test
 * and its {@code @AfterEach} methods, under Weft's scheduler. The test passes only when the
 * exploration covers every behaviour without a bug; a bug fails it with the interleaving, the
 * exception as cause, and the path of a schedule file that {@link #replay} re-runs.
 *
 * <p>Program code is every class on the test's class path (its own directory or jar, then the JVM's
 * class path) except the JDK, Weft, and JUnit with its opentest4j and apiguardian companions, which
 * runs share uninstrumented. Classes in directories are instrumented when the test starts, classes in
 * jars when a run first loads them; a class that cannot be instrumented, or a JDK API Weft does not
 * model (executors, blocking queues, latches, ...), fails the test with a message naming it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Test
@ExtendWith(WeftExtension.class)
public @interface WeftTest {
    /** Memory model the runs follow; SC unless TSO, PSO or JMM is asked for. */
    MemoryModel memoryModel() default MemoryModel.SC;

    /** mcr | portfolio | dpor | icb | pct | random | dfs, as {@code weft check --strategy}. */
    String strategy() default "mcr";

    /** Threads exploring at the same time, as {@code weft check --workers}. */
    int workers() default 1;

    /** Stop after this many runs (0: no limit). */
    long maxExecutions() default 0;

    /** Stop after this long: "90s", "10m", "1h", "500ms"; empty: no limit. */
    String timeLimit() default "";

    /** Pass when a limit stops the exploration before every behaviour is covered and no bug was found. */
    boolean allowIncomplete() default false;

    /**
     * Let {@code Object.wait}, {@code Condition.await} and {@code LockSupport.park} return without a
     * notify, signal or permit, as their contracts allow (JLS 17.2.1); false explores only the
     * wake-ups some other thread causes (or a timeout or interrupt), as {@code --no-spurious-wakeups} does.
     */
    boolean spuriousWakeups() default RunConfig.SPURIOUS_WAKEUPS;

    /** Fail on a data race (two threads' accesses to one field or array element, one a write, unordered) even when every assertion holds. */
    boolean failOnRace() default false;

    /** A schedule file from an earlier failure: re-run exactly that execution instead of exploring. */
    String replay() default "";

    /** Seed for the random strategies (random, pct). */
    long seed() default 0;

    /**
     * How many times in a row a loop may repeat its last iteration's shared steps, changing only its
     * locals (a retry counter), before the run is cut and the exploration is incomplete.
     */
    int loopBound() default RunConfig.LOOP_BOUND;

    /**
     * JDK classes (or packages of them) whose code is instrumented too, as the command line's {@code --instrument-jdk}:
     * {@code instrumentJdk = "java.util.HashMap"} finds the entry a racy {@code put} loses, not only the race.
     */
    String[] instrumentJdk() default {};

    /**
     * Fields checked as if declared {@code volatile}, as the command line's {@code --assume-volatile}:
     * {@code assumeVolatile = "com.example.Flag.ready"} ({@code pkg.Cls.field}, a nested class as {@code Outer$Inner}).
     * The verdict is about the program so changed, which the report says.
     */
    String[] assumeVolatile() default {};

    /**
     * {@code VarHandle} fences checked as if written before a source line, as the command line's {@code --fence}:
     * {@code fences = "Peterson.java:12:full"} ({@code FILE.java:LINE[:KIND]}, KIND full (default),
     * storeStore, release, acquire or loadLoad).
     */
    String[] fences() default {};
}
