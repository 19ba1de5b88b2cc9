package dev.weft.instrument;

import dev.weft.Weft;
import dev.weft.boot.JdkBridge;
import dev.weft.instrument.support.RunSupport;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.runtime.hooks.RunLoader;
import dev.weft.runtime.symbolic.Shadow;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loads one run's copy of the program: instrumented program classes and Weft's models of JDK classes
 * ({@code dev.weft.modelled}), so that their static state starts fresh; the program's
 * {@link SharedClasses} from their own loader; the hooks and support classes instrumented code calls,
 * shared by every run, from Weft's loader; and the JDK from the platform loader. Nothing else of
 * Weft is visible. As the program's {@link RunLoader} it keeps what the shared classes hold per run.
 */
final class RunClassLoader extends ClassLoader implements RunLoader {
    private static final String HOOKS_PACKAGE = Hooks.class.getPackageName() + ".";
    private static final String SUPPORT_PACKAGE = RunSupport.class.getPackageName() + ".";
    private static final String PROGRAM_API = Weft.class.getName();
    /** The shadow execution's hooks (the mpc strategy). */
    private static final String SHADOW_PACKAGE = Shadow.class.getPackageName() + ".";

    static {
        registerAsParallelCapable();
    }

    private final InstrumentedProgram program;
    private final HookHandler handler;
    private final List<Class<?>> initialized = new ArrayList<>();
    private final AtomicInteger unnamedThreads = new AtomicInteger();
    private volatile InputStream standardInput;

    RunClassLoader(InstrumentedProgram program, HookHandler handler) {
        super("weft-run", getPlatformClassLoader());
        this.program = program;
        this.handler = handler;
    }

    @Override
    public HookHandler handler() {
        return handler;
    }

    @Override
    public void initialized(Class<?> type) {
        synchronized (initialized) {
            initialized.add(type);
        }
    }

    @Override
    public boolean modelsInitialisation(Class<?> type) {
        return program.initialiser(type.getName().replace('.', '/')) == ClassFacts.Initialiser.MODELLED;
    }

    /** The program classes whose initialisation finished in this run (their static initialisers returned), in that order. */
    List<Class<?>> initializedClasses() {
        synchronized (initialized) {
            return new ArrayList<>(initialized);
        }
    }

    @Override
    public InputStream standardInput() {
        InputStream in = standardInput;
        if (in == null) {
            synchronized (this) {
                if (standardInput == null) {
                    standardInput = program.standardInput().newRun();
                }
                in = standardInput;
            }
        }
        return in;
    }

    @Override
    public void setStandardInput(InputStream in) {
        standardInput = in;
    }

    @Override
    public String nextThreadName() {
        return "Thread-" + unnamedThreads.getAndIncrement();
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!program.instrumentsJdk()) {
            return loadClassOnce(name, resolve);
        }
        // Weft's own code: the JDK classes it uses take their plain path (JdkBridge), even inside a program's JDK call.
        boolean wasInside = JdkBridge.enterWeft();
        try {
            return loadClassOnce(name, resolve);
        } finally {
            JdkBridge.exitWeft(wasInside);
        }
    }

    private Class<?> loadClassOnce(String name, boolean resolve) throws ClassNotFoundException {
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
        if (name.startsWith(HOOKS_PACKAGE) || name.startsWith(SUPPORT_PACKAGE) || name.startsWith(SHADOW_PACKAGE) || isProgramApi(name)) {
            return RunClassLoader.class.getClassLoader().loadClass(name);
        }
        if (program.shared().contains(name)) {
            return program.shared().loader().loadClass(name);
        }
        String internalName = name.replace('.', '/');
        if (ProgramClasses.isInstrumented(internalName)) {
            byte[] bytes = program.instrumentedClass(internalName);
            if (bytes != null) {
                return defineClass(name, bytes, 0, bytes.length);
            }
        }
        return super.loadClass(name, false);
    }

    /** {@code dev.weft.Weft} and its nested classes: the program compiles against them; its calls of them go to the hooks. */
    private static boolean isProgramApi(String name) {
        return name.equals(PROGRAM_API) || name.startsWith(PROGRAM_API + "$");
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
