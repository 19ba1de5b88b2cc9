package dev.weft.instrument;

import dev.weft.boot.JdkBridge;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Instruments JDK classes in place for {@code --instrument-jdk} (see docs/jdk.md for why in place): the JVM's
 * {@link Instrumentation} retransforms the classes {@link JdkClasses} selects with {@link ProgramTransformer#transformJdk},
 * whose hooks reach {@link JdkBridge} on the bootstrap class path, and restores them when the check ends. The
 * rewritten classes serve the whole JVM, with one program's field ids in them: one such check at a time per JVM.
 */
public final class JdkInstrumentation {
    private static final String BRIDGE = "dev/weft/boot/JdkBridge";
    private static final String JDK_BRIDGE_SINK = "dev.weft.instrument.support.JdkBridgeSink";
    private static final String JDK_UNSAFE_PACKAGE = "jdk.internal.misc";
    private static final Semaphore ONE_CHECK = new Semaphore(1);
    /** The thread whose check holds {@link #ONE_CHECK}: a second session it asked for would wait for itself forever. */
    private static volatile Thread holder;
    private static Instrumentation instrumentation;

    private JdkInstrumentation() {
    }

    /** The selected JDK classes rewritten for one check; closing restores the JDK's own. */
    public static final class Session implements AutoCloseable {
        private final List<Class<?>> classes;
        private final ClassFileTransformer transformer;
        private boolean closed;

        private Session(List<Class<?>> classes, ClassFileTransformer transformer) {
            this.classes = classes;
            this.transformer = transformer;
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                instrumentation.removeTransformer(transformer);
                instrumentation.retransformClasses(classes.toArray(new Class<?>[0]));
            } catch (Exception e) {
                throw new IllegalStateException("Weft failed to restore the JDK classes it instrumented: " + e, e);
            } finally {
                releaseOneCheck();
            }
        }
    }

    /** Rewrites the classes of the selected entries (see {@link JdkClasses#select}) with {@code transformer}'s program symbols. */
    static Session instrument(Set<String> selected, ProgramTransformer transformer) throws BadProgramException {
        if (holder == Thread.currentThread()) {
            throw new IllegalStateException("Weft's check already instruments JDK classes on this thread: sessions do not nest");
        }
        ONE_CHECK.acquireUninterruptibly();
        holder = Thread.currentThread();
        Session session = null;
        try {
            Instrumentation inst = instrumentation();
            List<Class<?>> classes = JdkClasses.classes(selected);
            initialise(classes);
            openToWeft(inst, classes);
            Rewriter rewriter = new Rewriter(internalNames(classes), transformer);
            inst.addTransformer(rewriter, true);
            session = new Session(classes, rewriter);
            inst.retransformClasses(classes.toArray(new Class<?>[0]));
            if (rewriter.failure != null) {
                throw rewriter.failure;
            }
            return session;
        } catch (BadProgramException | RuntimeException | Error e) {
            release(session);
            throw e;
        } catch (Exception e) {
            release(session);
            throw new IllegalStateException("Weft failed to instrument the JDK classes " + selected + ": " + e, e);
        }
    }

    /**
     * Runs the classes' initialisers now, outside every run and uninstrumented. A JDK class is initialised once per JVM: left
     * to the first run that used it, its initialiser's allocations would be counted in that run's object names alone, and a
     * later run of the same schedule would name the same objects otherwise (a skip list's LongAdder, seen by WorkersTest).
     */
    private static void initialise(List<Class<?>> classes) throws ClassNotFoundException {
        for (Class<?> type : classes) {
            Class.forName(type.getName(), true, type.getClassLoader());
        }
    }

    private static void release(Session session) {
        if (session != null) {
            session.close();
        } else {
            releaseOneCheck();
        }
    }

    private static void releaseOneCheck() {
        holder = null;
        ONE_CHECK.release();
    }

    /**
     * The runtime reads and writes the fields of the program's objects reflectively (store buffers, initial values): now the
     * JDK's too; and it performs the JDK's own {@code Unsafe} calls (and maps their offsets to fields) for JDK code.
     */
    private static void openToWeft(Instrumentation inst, List<Class<?>> classes) {
        Module weft = JdkInstrumentation.class.getModule();
        Module base = Object.class.getModule();
        if (!base.isExported(JDK_UNSAFE_PACKAGE, weft)) {
            inst.redefineModule(base, Set.of(), Map.of(JDK_UNSAFE_PACKAGE, Set.of(weft)), Map.of(), Set.of(), Map.of());
        }
        for (Class<?> type : classes) {
            Module module = type.getModule();
            if (!module.isOpen(type.getPackageName(), weft)) {
                inst.redefineModule(module, Set.of(), Map.of(), Map.of(type.getPackageName(), Set.of(weft)), Set.of(), Map.of());
            }
        }
    }

    private static Set<String> internalNames(List<Class<?>> classes) {
        return Set.copyOf(classes.stream().map(c -> c.getName().replace('.', '/')).toList());
    }

    /** Rewrites the session's classes (and no other) when they are retransformed. */
    private static final class Rewriter implements ClassFileTransformer {
        private final Set<String> names;
        private final ProgramTransformer transformer;
        volatile BadProgramException failure;

        Rewriter(Set<String> names, ProgramTransformer transformer) {
            this.names = names;
            this.transformer = transformer;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
                                byte[] bytes) {
            if (redefined == null || !names.contains(className)) {
                return null;
            }
            try {
                return transformer.transformJdk(className, imageClassFile(redefined, bytes), names);
            } catch (BadProgramException e) {
                failure = e; // the JVM would ignore a thrown exception and keep the class as it was
                return null;
            } catch (RuntimeException | Error e) {
                failure = new BadProgramException("cannot instrument JDK class " + className.replace('/', '.') + ": " + e, e);
                return null;
            }
        }
    }

    /**
     * The class file of {@code type} as the runtime image holds it, or {@code fromJvm} if the image has none. The bytes the JVM
     * hands a retransformation are rebuilt from the loaded class and, on JDK 17, without stack map frames: the instrumenting
     * chain's stack analysis then stops at the first jump, and a {@code new} behind it went unseen (Phaser's queues), so the
     * object was named by whichever thread met it first.
     */
    private static byte[] imageClassFile(Class<?> type, byte[] fromJvm) {
        try (InputStream in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
            return in == null ? fromJvm : in.readAllBytes();
        } catch (IOException e) {
            return fromJvm;
        }
    }

    /** The JVM's instrumentation, with the bridge on the bootstrap class path; attaches to this JVM the first time if needed. */
    private static synchronized Instrumentation instrumentation() {
        if (instrumentation == null) {
            Instrumentation inst = agentInstrumentation();
            if (inst == null) {
                attachToSelf();
                inst = agentInstrumentation();
            }
            if (inst == null || !inst.isRetransformClassesSupported()) {
                throw new IllegalStateException("Weft cannot instrument JDK classes: this JVM gave it no Instrumentation that can retransform"
                        + " classes (run weft.jar with java -jar)");
            }
            installBridge(inst);
            instrumentation = inst;
        }
        return instrumentation;
    }

    /** What the JVM handed to the system class loader's copy of {@link JdkAgent}, or null. */
    private static Instrumentation agentInstrumentation() {
        try {
            Class<?> agent = Class.forName(JdkAgent.class.getName(), true, ClassLoader.getSystemClassLoader());
            return (Instrumentation) agent.getField("instrumentation").get(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            return JdkAgent.instrumentation;
        }
    }

    /**
     * Loads {@link JdkAgent} into this JVM from a helper JVM (a JVM may not attach to itself unless started with
     * {@code -Djdk.attach.allowAttachSelf=true}). JDK 21 and later print a warning unless this JVM was started with
     * {@code -XX:+EnableDynamicAgentLoading}.
     */
    private static void attachToSelf() {
        try {
            Path jar = Files.createTempFile("weft-agent-", ".jar");
            jar.toFile().deleteOnExit();
            Manifest manifest = manifest();
            manifest.getMainAttributes().put(new Attributes.Name("Agent-Class"), JdkAgent.class.getName());
            manifest.getMainAttributes().put(new Attributes.Name("Can-Retransform-Classes"), "true");
            writeJar(jar, manifest, List.of(JdkAgent.class.getName().replace('.', '/')));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process helper = new ProcessBuilder(java, "-cp", jar.toString(), JdkAgent.class.getName(),
                    Long.toString(ProcessHandle.current().pid()), jar.toString()).redirectErrorStream(true).start();
            String output = new String(helper.getInputStream().readAllBytes());
            if (helper.waitFor() != 0) {
                throw new IllegalStateException("Weft could not attach its agent to this JVM: " + output.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException("Weft could not attach its agent to this JVM: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Weft attached its agent to this JVM", e);
        }
    }

    /**
     * Puts {@link JdkBridge} on the bootstrap class path, lets {@code java.base} read it, and connects it to the runtime.
     * Nothing may have loaded the bridge from Weft's own class path before: the JDK's classes and Weft must share one copy.
     */
    private static void installBridge(Instrumentation inst) {
        try {
            Path jar = Files.createTempFile("weft-bridge-", ".jar");
            jar.toFile().deleteOnExit();
            writeJar(jar, manifest(), List.of(BRIDGE, BRIDGE + "$Sink", BRIDGE + "$Standing"));
            inst.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
            Class<?> bridge = Class.forName(BRIDGE.replace('/', '.'), true, null);
            if (JdkBridge.class != bridge) {
                throw new IllegalStateException("dev.weft.boot.JdkBridge was loaded from Weft's class path before the bootstrap one");
            }
            inst.redefineModule(Object.class.getModule(), Set.of(bridge.getModule()), Map.of(), Map.of(), Set.of(), Map.of());
            // By name: verifying a direct call would load the bridge's Sink interface from Weft's class path, before the bootstrap one.
            Class.forName(JDK_BRIDGE_SINK).getMethod("install").invoke(null);
        } catch (IOException | ReflectiveOperationException e) {
            throw new IllegalStateException("Weft could not put its JDK bridge on the bootstrap class path: " + e, e);
        }
    }

    private static Manifest manifest() {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        return manifest;
    }

    /** A jar of Weft's own class files (internal names), read from Weft's class path. */
    private static void writeJar(Path jar, Manifest manifest, List<String> classes) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (String name : classes) {
                out.putNextEntry(new JarEntry(name + ".class"));
                try (InputStream in = JdkInstrumentation.class.getClassLoader().getResourceAsStream(name + ".class")) {
                    if (in == null) {
                        throw new IOException("Weft's class file " + name + " is missing");
                    }
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }
}
