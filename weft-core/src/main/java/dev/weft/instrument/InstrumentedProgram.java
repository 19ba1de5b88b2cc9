package dev.weft.instrument;

import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.instrument.support.RunSupport;
import dev.weft.trace.Symbols;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A program on a classpath, instrumented for Weft: every run gets a fresh class loader (fresh static
 * state) over class files instrumented once and shared by all runs.
 */
public final class InstrumentedProgram implements ProgramUnderTest {
    /** Thrown while a run loads a class that cannot be instrumented; {@link Copy#runMain} turns it back into the {@link BadProgramException}. */
    public static final class InstrumentationFailure extends LinkageError {
        private final BadProgramException problem;

        InstrumentationFailure(BadProgramException problem) {
            super(problem.getMessage(), problem);
            this.problem = problem;
        }

        public BadProgramException problem() {
            return problem;
        }
    }

    private final ClassPath classPath;
    private final ProgramTransformer transformer;
    private final Symbols symbols = new Symbols();
    private final String mainClass;
    private final String[] args;
    private final Map<String, byte[]> instrumented = new ConcurrentHashMap<>();

    private InstrumentedProgram(ClassPath classPath, String mainClass, List<String> args) {
        this.classPath = classPath;
        this.transformer = new ProgramTransformer(new ClassHierarchy(classPath::classBytes), symbols);
        this.mainClass = mainClass;
        this.args = args.toArray(new String[0]);
    }

    /**
     * Checks the program and instruments the classes in the classpath's directories (the program's
     * own) at once, so that a class Weft cannot instrument is reported now; classes from jars are
     * instrumented when a run first loads them.
     */
    public static InstrumentedProgram open(String classpath, String mainClass, List<String> args) throws BadProgramException {
        InstrumentedProgram program = new InstrumentedProgram(new ClassPath(classpath), mainClass, args);
        String mainName = mainClass.replace('.', '/');
        if (!ProgramClasses.isProgramClass(mainName)) {
            throw new BadProgramException("main class " + mainClass + " is in a package Weft does not instrument (java, javax, jdk, sun, com.sun, dev.weft)");
        }
        if (program.instrumentedBytes(mainName) == null) {
            throw new BadProgramException("main class " + mainClass + " not found on the classpath " + classpath);
        }
        program.checkMain(mainName);
        for (String name : program.classPath.directoryClasses()) {
            if (ProgramClasses.isProgramClass(name) && !name.startsWith("META-INF/") && !name.endsWith("module-info")
                    && !name.endsWith("package-info")) {
                program.instrumentedBytes(name);
            }
        }
        return program;
    }

    private void checkMain(String mainName) throws BadProgramException {
        ClassHierarchy.Member main = transformer.hierarchy().resolveMethod(mainName, "main", "([Ljava/lang/String;)V");
        if (main == null || !main.is(Modifier.PUBLIC) || !main.is(Modifier.STATIC)) {
            throw new BadProgramException("class " + mainClass + " has no public static void main(String[])");
        }
    }

    /** The instrumented class file of a program class, or null if the classpath has no such class. */
    private byte[] instrumentedBytes(String internalName) throws BadProgramException {
        byte[] known = instrumented.get(internalName);
        if (known != null) {
            return known;
        }
        byte[] original = classPath.classBytes(internalName);
        if (original == null) {
            return null;
        }
        synchronized (this) {
            known = instrumented.get(internalName);
            if (known == null) {
                known = transformer.transform(internalName.replace('/', '.'), original);
                instrumented.put(internalName, known);
            }
            return known;
        }
    }

    /** For the run class loader: as {@link #instrumentedBytes}, failing with {@link InstrumentationFailure}. */
    byte[] instrumentedClass(String internalName) {
        try {
            return instrumentedBytes(internalName);
        } catch (BadProgramException e) {
            throw new InstrumentationFailure(e);
        }
    }

    ClassPath classPath() {
        return classPath;
    }

    @Override
    public Symbols symbols() {
        return symbols;
    }

    @Override
    public Copy freshCopy(HookHandler handler) {
        RunClassLoader loader = new RunClassLoader(this);
        try {
            loader.loadClass(Hooks.class.getName()).getMethod("install", HookHandler.class).invoke(null, handler);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot install the hook handler in a run's copy of Hooks", e);
        }
        return new RunCopy(loader);
    }

    private final class RunCopy implements Copy {
        private final RunClassLoader loader;

        RunCopy(RunClassLoader loader) {
            this.loader = loader;
        }

        /**
         * Main runs with the run's class loader as context class loader, which the threads it makes
         * inherit: the program's own lookups and the runtime (which may need a program class by name) find this run's copy.
         */
        @Override
        public void runMain() throws Throwable {
            Thread current = Thread.currentThread();
            ClassLoader previous = current.getContextClassLoader();
            current.setContextClassLoader(loader);
            try {
                Method main = Class.forName(mainClass, false, loader).getMethod("main", String[].class);
                main.invoke(null, (Object) args.clone());
            } catch (InvocationTargetException e) {
                throw unwrap(e.getCause());
            } catch (InstrumentationFailure e) {
                throw e.problem();
            } finally {
                current.setContextClassLoader(previous);
            }
        }

        private Throwable unwrap(Throwable failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                if (t instanceof InstrumentationFailure instrumentation) {
                    return instrumentation.problem();
                }
            }
            return failure;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Map<String, String> staticState() {
            try {
                Class<?> support = loader.loadClass(RunSupport.class.getName());
                List<Class<?>> classes = (List<Class<?>>) support.getMethod("initializedClasses").invoke(null);
                return StaticState.of(classes);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read the run's static state", e);
            }
        }
    }
}
