/**
 * JUnit 5 integration: {@link dev.weft.junit.WeftTest} marks a test method that Weft model-checks.
 *
 * <p>Each run makes a fresh instance of the test class in a fresh instrumenting class loader and calls
 * its {@code @BeforeEach} methods (superclass first), the test, and its {@code @AfterEach} methods
 * (always; subclass first), under Weft's scheduler. What runs do not see: {@code @BeforeAll} /
 * {@code @AfterAll} (static state is fresh in every run), parameters of lifecycle or test methods, the
 * test class's other extensions and injected fields such as {@code @TempDir}; lifecycle methods with
 * parameters and {@code @Nested} classes (no constructor without parameters) are refused.
 *
 * <p>Program code, which Weft instruments, is every class on the test's class path (the test class's own
 * directory or jar, then {@code java.class.path}) except the JDK, Weft itself, and JUnit, opentest4j and
 * apiguardian, which all runs share uninstrumented from the test's class loader so that assertion
 * errors are the classes JUnit reports. Directory classes are instrumented when the test starts, jar
 * classes when a run first loads them.
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.junit;
