package dev.weft.instrument;

import dev.weft.trace.Symbols;
import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code -javaagent} entry point: instruments program classes as the JVM loads them, for
 * programs that must run in their own JVM. Hooks then live in the one copy of {@code Hooks} on the
 * class path; whoever drives the run installs the handler there. Test frameworks and build tools
 * are not the program; the agent's options may name more package prefixes to leave alone
 * ({@code -javaagent:weft.jar=com/acme/harness/,org/slf4j/}).
 */
public final class Agent {
    private static final Symbols SYMBOLS = new Symbols();
    private static final List<String> NOT_THE_PROGRAM = List.of("org/junit/", "junit/", "org/opentest4j/", "org/apiguardian/",
            "org/apache/maven/", "org/gradle/", "worker/org/gradle/");

    private Agent() {
    }

    public static void premain(String options, Instrumentation instrumentation) {
        ClassLoader application = ClassLoader.getSystemClassLoader();
        List<String> excluded = new ArrayList<>(NOT_THE_PROGRAM);
        if (options != null && !options.isBlank()) {
            excluded.addAll(List.of(options.split(",")));
        }
        ClassHierarchy hierarchy = new ClassHierarchy(name -> bytes(application, name));
        // The agent cannot list the program's classes: virtual calls that a program subclass may override count as hiding state.
        HiddenState hiddenState = new HiddenState(hierarchy, name -> bytes(application, name),
                name -> ProgramClasses.isInstrumented(name) && excluded.stream().noneMatch(name::startsWith), ProgramSubtypes.UNKNOWN);
        ProgramTransformer transformer = new ProgramTransformer(hierarchy, SYMBOLS, hiddenState);
        instrumentation.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] bytes) {
                if (loader == null || loader == ClassLoader.getPlatformClassLoader() || className == null
                        || !ProgramClasses.isInstrumented(className) || excluded.stream().anyMatch(className::startsWith)) {
                    return null;
                }
                try {
                    return transformer.transform(className.replace('/', '.'), bytes);
                } catch (BadProgramException e) {
                    // The JVM would ignore a thrown exception and load the class uninstrumented.
                    System.err.println("weft: " + e.getMessage());
                    Runtime.getRuntime().halt(2);
                    return null;
                }
            }
        });
    }

    /** Names of the program's locations and fields, filled as classes load. */
    public static Symbols symbols() {
        return SYMBOLS;
    }

    private static byte[] bytes(ClassLoader loader, String internalName) {
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
