package dev.weft.junit;

import dev.weft.instrument.EntryPoint;
import dev.weft.instrument.SharedClasses;
import java.io.File;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * What a Weft run of one test method starts: the entry point (set-up, test, tear-down on a fresh
 * instance), the class path the program's classes come from, and the framework classes runs share.
 *
 * @param entry     the test as an entry point
 * @param classpath the test class's own directory or jar first, then the JVM's class path; entries that do not exist are left out
 * @param shared    JUnit and its companions, taken from the test's own class loader
 */
record TestEntry(EntryPoint entry, List<String> classpath, SharedClasses shared) {
    /** JUnit itself and the libraries its assertions throw from: shared, so failures are the classes JUnit reports. */
    private static final List<String> FRAMEWORK_PACKAGES = List.of("org.junit.", "org.opentest4j.", "org.apiguardian.");

    static TestEntry of(Class<?> testClass, Method testMethod) {
        EntryPoint entry = new EntryPoint(testClass.getName(), lifecycle(testClass, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN),
                ref(testMethod), lifecycle(testClass, AfterEach.class, HierarchyTraversalMode.BOTTOM_UP), inputs(testMethod));
        return new TestEntry(entry, classpath(testClass), new SharedClasses(testClass.getClassLoader(), FRAMEWORK_PACKAGES));
    }

    /** The test method's parameters as program inputs: each must be an int, long or boolean annotated {@link WeftInput}. */
    static List<EntryPoint.Input> inputs(Method testMethod) {
        List<EntryPoint.Input> inputs = new ArrayList<>();
        for (Parameter parameter : testMethod.getParameters()) {
            WeftInput input = parameter.getAnnotation(WeftInput.class);
            Class<?> type = parameter.getType();
            if (input == null || !(type == int.class || type == long.class || type == boolean.class)) {
                throw new IllegalArgumentException("@WeftTest " + testMethod.getName() + ": parameter " + parameter.getName()
                        + " must be an int, long or boolean annotated @WeftInput");
            }
            String name = input.name().isEmpty() ? parameter.getName() : input.name();
            char code = type == long.class ? 'J' : type == boolean.class ? 'Z' : 'I';
            inputs.add(code == 'Z' ? new EntryPoint.Input(name, code, 0, 1) : new EntryPoint.Input(name, code, input.min(), input.max()));
        }
        return inputs;
    }

    /** The name schedules and reports give this test: "pkg.Class#method". */
    String name() {
        return entry.className() + "#" + entry.method().name();
    }

    /** Superclass set-up runs before the subclass's, subclass tear-down before the superclass's, as in JUnit. */
    private static List<EntryPoint.MethodRef> lifecycle(Class<?> testClass, Class<? extends Annotation> annotation, HierarchyTraversalMode order) {
        return AnnotationSupport.findAnnotatedMethods(testClass, annotation, order).stream().map(TestEntry::ref).toList();
    }

    private static EntryPoint.MethodRef ref(Method method) {
        return new EntryPoint.MethodRef(method.getDeclaringClass().getName(), method.getName());
    }

    private static List<String> classpath(Class<?> testClass) {
        Set<String> entries = new LinkedHashSet<>();
        CodeSource source = testClass.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
            try {
                entries.add(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize().toString());
            } catch (URISyntaxException | IllegalArgumentException e) {
                // A code source that is not a local file (a remote or in-memory class): the JVM's class path still applies.
            }
        }
        for (String part : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!part.isBlank() && Files.exists(Path.of(part))) {
                entries.add(Path.of(part).toAbsolutePath().normalize().toString());
            }
        }
        return List.copyOf(entries);
    }
}
