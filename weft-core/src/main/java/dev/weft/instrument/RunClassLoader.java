package dev.weft.instrument;

import dev.weft.instrument.support.RunSupport;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads one run's copy of the program: instrumented program classes and Weft's models of JDK classes
 * ({@code dev.weft.modelled}), its own copies of {@link Hooks}
 * and the support package (so static state, the installed handler included, starts fresh), the shared
 * {@link HookHandler}, the program's {@link SharedClasses} from their own loader, and the JDK from the
 * platform loader. Nothing else of Weft is visible.
 */
final class RunClassLoader extends ClassLoader {
    private static final String SUPPORT_PACKAGE = RunSupport.class.getPackageName() + ".";
    /** Class files of Weft's own per-run classes, read from Weft's classpath once per JVM rather than once per run. */
    private static final Map<String, byte[]> WEFT_CLASS_BYTES = new ConcurrentHashMap<>();

    static {
        registerAsParallelCapable();
    }

    private final InstrumentedProgram program;

    RunClassLoader(InstrumentedProgram program) {
        super("weft-run", getPlatformClassLoader());
        this.program = program;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                loaded = load(name);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private Class<?> load(String name) throws ClassNotFoundException {
        if (name.equals(HookHandler.class.getName())) {
            return HookHandler.class;
        }
        if (name.equals(Hooks.class.getName()) || name.startsWith(SUPPORT_PACKAGE)) {
            return define(name, WEFT_CLASS_BYTES.computeIfAbsent(name, RunClassLoader::weftClassBytes));
        }
        if (program.shared().contains(name)) {
            return program.shared().loader().loadClass(name);
        }
        String internalName = name.replace('.', '/');
        if (ProgramClasses.isInstrumented(internalName)) {
            byte[] bytes = program.instrumentedClass(internalName);
            if (bytes != null) {
                return define(name, bytes);
            }
        }
        return super.loadClass(name, false);
    }

    private Class<?> define(String name, byte[] bytes) {
        return defineClass(name, bytes, 0, bytes.length);
    }

    private static byte[] weftClassBytes(String name) {
        String resource = name.replace('.', '/') + ".class";
        try (InputStream in = RunClassLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Weft's own class " + name + " is missing from its classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected URL findResource(String name) {
        return program.classPath().resource(name);
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL url = findResource(name);
        List<URL> urls = new ArrayList<>();
        if (url != null) {
            urls.add(url);
        }
        return Collections.enumeration(urls);
    }
}
