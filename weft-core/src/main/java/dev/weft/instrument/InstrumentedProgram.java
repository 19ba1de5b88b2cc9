package dev.weft.instrument;

import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RefusedByWeft;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.instrument.support.EntryRunner;
import dev.weft.trace.Symbols;
import dev.weft.trace.VirtualFixes;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A program on a classpath, instrumented for Weft: every run gets a fresh class loader (fresh static
 * state) over class files instrumented once and shared by all runs.
 */
public final class InstrumentedProgram implements ProgramUnderTest {
    /**
     * Thrown while a run loads a class that cannot be instrumented (from a jar, which is instrumented
     * as the run first loads it): a refusal, which ends the run as unsupported with its message.
     */
    public static final class InstrumentationFailure extends LinkageError implements RefusedByWeft {
        InstrumentationFailure(BadProgramException problem) {
            super(problem.getMessage(), problem);
        }
    }

    private final ClassPath classPath;
    private final ProgramTransformer transformer;
    private final Symbols symbols = new Symbols();
    private final String mainClass;
    private final String[] args;
    /** The test-shaped entry point that replaces main, or null when the program starts at main. */
    private final EntryPoint entry;
    /** Runs record their path conditions (the shadow execution is part of the instrumentation): mpc. */
    private final boolean pathConditions;
    private final SharedClasses shared;
    private final VirtualFixes fixes;
    private final Map<String, byte[]> instrumented = new ConcurrentHashMap<>();
    /** Set once the program's JDK classes are instrumented ({@link #instrumentJdk}). */
    private volatile boolean instrumentsJdk;
    /** Read from the checker's own standard input when a run first reads it (the caller may have set System.in by then). */
    private volatile StandardInput standardInput = new StandardInput(() -> System.in);

    private InstrumentedProgram(ClassPath classPath, String mainClass, List<String> args, EntryPoint entry, SharedClasses shared,
                                VirtualFixes fixes, boolean pathConditions) {
        this.classPath = classPath;
        ClassHierarchy hierarchy = new ClassHierarchy(classPath::classBytes);
        HiddenState hiddenState = new HiddenState(hierarchy, this::originalBytes,
                name -> ProgramClasses.isInstrumented(name) && !shared.contains(name.replace('/', '.')),
                new ProgramSubtypes(classPath::classNames, hierarchy));
        this.transformer = new ProgramTransformer(hierarchy, symbols, hiddenState, fixes, pathConditions);
        this.pathConditions = pathConditions;
        this.fixes = fixes;
        this.mainClass = mainClass;
        this.args = args.toArray(new String[0]);
        this.entry = entry;
        this.shared = shared;
    }

    /**
     * Checks the program and instruments the classes in the classpath's directories (the program's
     * own) at once, so that a class Weft cannot instrument is reported now; classes from jars are
     * instrumented when a run first loads them.
     */
    public static InstrumentedProgram open(String classpath, String mainClass, List<String> args) throws BadProgramException {
        return open(classpath, mainClass, args, VirtualFixes.NONE);
    }

    /** As {@link #open(String, String, List)}, changed by {@code fixes} (each must name a field or line of the program). */
    public static InstrumentedProgram open(String classpath, String mainClass, List<String> args, VirtualFixes fixes)
            throws BadProgramException {
        return open(classpath, mainClass, args, fixes, false);
    }

    /** As {@link #open(String, String, List, VirtualFixes)}; with {@code pathConditions}, runs record their path conditions (the mpc strategy). */
    public static InstrumentedProgram open(String classpath, String mainClass, List<String> args, VirtualFixes fixes, boolean pathConditions)
            throws BadProgramException {
        InstrumentedProgram program = new InstrumentedProgram(new ClassPath(classpath), mainClass, args, null, SharedClasses.NONE, fixes,
                pathConditions);
        String mainName = program.checkStartClass("main class", mainClass, classpath);
        program.checkMain(mainName);
        program.checkVolatileFields();
        program.instrumentDirectoryClasses();
        program.checkFencesPlaced();
        return program;
    }

    /**
     * As {@link #open}, for a program that starts at a test-shaped entry point instead of main; each
     * run calls it on a fresh instance in that run's class loader. Classes in {@code shared} packages
     * are never instrumented: every run takes them from the shared loader.
     */
    public static InstrumentedProgram openEntry(String classpath, EntryPoint entry, SharedClasses shared) throws BadProgramException {
        return openEntry(classpath, entry, shared, VirtualFixes.NONE);
    }

    /** As {@link #openEntry(String, EntryPoint, SharedClasses)}, changed by {@code fixes}. */
    public static InstrumentedProgram openEntry(String classpath, EntryPoint entry, SharedClasses shared, VirtualFixes fixes)
            throws BadProgramException {
        return openEntry(classpath, entry, shared, fixes, false);
    }

    /** As {@link #openEntry(String, EntryPoint, SharedClasses, VirtualFixes)}; with {@code pathConditions}, runs record their path conditions (mpc). */
    public static InstrumentedProgram openEntry(String classpath, EntryPoint entry, SharedClasses shared, VirtualFixes fixes,
                                                boolean pathConditions) throws BadProgramException {
        InstrumentedProgram program = new InstrumentedProgram(new ClassPath(classpath), entry.className(), List.of(), entry, shared, fixes,
                pathConditions);
        String className = program.checkStartClass("class", entry.className(), classpath);
        if (shared.contains(entry.className())) {
            throw new BadProgramException("class " + entry.className() + " is in a package shared uninstrumented with the test framework");
        }
        program.checkEntry(className);
        program.checkVolatileFields();
        program.instrumentDirectoryClasses();
        program.checkFencesPlaced();
        return program;
    }

    /** Checks the class a run starts in is a program class on the classpath; returns its internal name. */
    private String checkStartClass(String role, String className, String classpath) throws BadProgramException {
        String internalName = className.replace('.', '/');
        if (!ProgramClasses.isProgramClass(internalName)) {
            throw new BadProgramException(role + " " + className + " is in a package Weft does not instrument (java, javax, jdk, sun, com.sun, dev.weft)");
        }
        if (instrumentedBytes(internalName) == null) {
            throw new BadProgramException(role + " " + className + " not found on the classpath " + classpath);
        }
        return internalName;
    }

    private void instrumentDirectoryClasses() throws BadProgramException {
        for (String name : classPath.directoryClasses()) {
            if (ProgramClasses.isProgramClass(name) && !shared.contains(name.replace('/', '.')) && !name.startsWith("META-INF/")
                    && !name.endsWith("module-info") && !name.endsWith("package-info")) {
                instrumentedBytes(name);
            }
        }
    }

    /** Each field {@code --assume-volatile} names is declared by its program class, and not final. */
    private void checkVolatileFields() throws BadProgramException {
        for (String field : fixes.volatileFields()) {
            int dot = field.lastIndexOf('.');
            String owner = field.substring(0, dot).replace('.', '/');
            ClassHierarchy.ClassInfo info = ProgramClasses.isProgramClass(owner) ? transformer.hierarchy().info(owner) : null;
            if (info == null) {
                throw new BadProgramException("--assume-volatile " + field + ": no program class " + field.substring(0, dot) + " on the classpath");
            }
            Integer access = info.fields().get(field.substring(dot + 1));
            if (access == null) {
                throw new BadProgramException("--assume-volatile " + field + ": class " + field.substring(0, dot) + " declares no field "
                        + field.substring(dot + 1));
            }
            if ((access & Modifier.FINAL) != 0) {
                throw new BadProgramException("--assume-volatile " + field + ": the field is final");
            }
        }
    }

    /**
     * Each {@code --fence} found its line: in a class of the classpath's directories, instrumented by
     * now, or else in a class of a jar (instrumented when a run loads it), looked up in its line table.
     */
    private void checkFencesPlaced() throws BadProgramException {
        for (VirtualFixes.Fence fence : fixes.fences()) {
            if (!transformer.placedFences().contains(fence) && !inSomeClass(fence)) {
                throw new BadProgramException("--fence " + fence + ": no code of the program's classes is at line " + fence.line()
                        + " of a source file " + fence.file());
            }
        }
    }

    private boolean inSomeClass(VirtualFixes.Fence fence) {
        for (String name : classPath.classNames()) {
            byte[] bytes = ProgramClasses.isProgramClass(name) ? classPath.classBytes(name) : null;
            if (bytes != null && SourceLines.has(bytes, fence.file(), fence.line())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean recordsPathConditions() {
        return pathConditions;
    }

    /** The changes the program is checked with. */
    public VirtualFixes fixes() {
        return fixes;
    }

    private void checkEntry(String className) throws BadProgramException {
        ClassHierarchy.ClassInfo info = transformer.hierarchy().info(className);
        if (info.methods().get("<init>()V") == null) {
            throw new BadProgramException("class " + entry.className() + " has no constructor without parameters");
        }
        List<EntryPoint.MethodRef> methods = new ArrayList<>(entry.before());
        methods.add(entry.method());
        methods.addAll(entry.after());
        for (EntryPoint.MethodRef method : methods) {
            String descriptor = method == entry.method() ? entry.bodyDescriptor() : "()V";
            ClassHierarchy.ClassInfo owner = transformer.hierarchy().info(method.declaringClass().replace('.', '/'));
            Integer access = owner == null ? null : owner.methods().get(method.name() + descriptor);
            if (access == null || (access & Modifier.STATIC) != 0) {
                throw new BadProgramException("entry method " + method + " is not an instance method " + (descriptor.equals("()V")
                        ? "without parameters" : "with parameters " + descriptor.substring(0, descriptor.length() - 1)) + " returning void");
            }
        }
    }

    private void checkMain(String mainName) throws BadProgramException {
        ClassHierarchy.Member main = transformer.hierarchy().resolveMethod(mainName, "main", "([Ljava/lang/String;)V");
        if (main == null || !main.is(Modifier.PUBLIC) || !main.is(Modifier.STATIC)) {
            throw new BadProgramException("class " + mainClass + " has no public static void main(String[])");
        }
    }

    /** The instrumented class file of a program (or modelled) class or of a class's bridge companion, or null if there is no such class. */
    private byte[] instrumentedBytes(String internalName) throws BadProgramException {
        byte[] known = instrumented.get(internalName);
        if (known != null) {
            return known;
        }
        if (Bridges.isCompanion(internalName)) {
            // Made with its class, which names it: so that class is instrumented already, unless the name is no companion's.
            instrumentedBytes(internalName.substring(0, internalName.length() - Bridges.COMPANION_SUFFIX.length()));
            return instrumented.get(internalName);
        }
        byte[] original = originalBytes(internalName);
        if (original == null) {
            return null;
        }
        synchronized (this) {
            known = instrumented.get(internalName);
            if (known == null) {
                known = transformer.transform(internalName.replace('/', '.'), original, instrumented::put);
                instrumented.put(internalName, known);
            }
            return known;
        }
    }

    /** The class file of a program (or modelled) class as it is on disk, or null if there is no such class. */
    private byte[] originalBytes(String internalName) {
        return ProgramClasses.isModelled(internalName) ? ProgramClasses.modelledClassBytes(internalName) : classPath.classBytes(internalName);
    }

    /** For the run class loader: as {@link #instrumentedBytes}, failing with {@link InstrumentationFailure}. */
    byte[] instrumentedClass(String internalName) {
        try {
            return instrumentedBytes(internalName);
        } catch (BadProgramException e) {
            throw new InstrumentationFailure(e);
        }
    }

    /**
     * Instruments the code of the selected JDK classes (entries of {@link JdkClasses}) for this program's runs, which must
     * then run with {@code RunConfig.withInstrumentedJdk(selected)}; closing the session gives the JVM the JDK's own classes back.
     */
    private JdkInstrumentation.Session instrumentJdk(Set<String> selected) throws BadProgramException {
        JdkInstrumentation.Session session = JdkInstrumentation.instrument(selected, transformer);
        instrumentsJdk = true;
        return session;
    }

    /**
     * The JDK classes a check of this program instruments: the ones chosen ({@code --instrument-jdk}) and every
     * {@code java.util.concurrent} entry the program uses (see {@link ConcurrentUse}), with the entries they bring.
     */
    public Set<String> jdkToInstrument(Set<String> chosen) {
        Set<String> all = new java.util.TreeSet<>(chosen);
        all.addAll(ConcurrentUse.of(entry != null ? entry.className() : mainClass, this::originalBytes));
        return JdkClasses.withBroughtEntries(all);
    }

    /**
     * Runs {@code work} with the code of the selected JDK classes instrumented (none: as it is), and gives the JVM the
     * JDK's own classes back after it, however it ends.
     */
    public <T> T withJdkInstrumented(Set<String> selected, Supplier<T> work) throws BadProgramException {
        if (selected.isEmpty()) {
            return work.get();
        }
        try (JdkInstrumentation.Session session = instrumentJdk(selected)) {
            return work.get();
        }
    }

    boolean instrumentsJdk() {
        return instrumentsJdk;
    }

    /** Every run reads exactly {@code bytes} and then end of file, as the run a schedule file saved did. */
    public void replayStandardInput(byte[] bytes) {
        standardInput = StandardInput.of(bytes);
    }

    @Override
    public byte[] standardInputRead() {
        return standardInput.read();
    }

    StandardInput standardInput() {
        return standardInput;
    }

    ClassPath classPath() {
        return classPath;
    }

    /** The kind of a program class's own static initialiser. */
    ClassFacts.Initialiser initialiser(String internalName) {
        return transformer.facts().initialiser(internalName);
    }

    SharedClasses shared() {
        return shared;
    }

    @Override
    public Symbols symbols() {
        return symbols;
    }

    @Override
    public Copy freshCopy(HookHandler handler) {
        return new RunCopy(new RunClassLoader(this, handler));
    }

    private static String[] owners(List<EntryPoint.MethodRef> methods) {
        return methods.stream().map(EntryPoint.MethodRef::declaringClass).toArray(String[]::new);
    }

    private static String[] names(List<EntryPoint.MethodRef> methods) {
        return methods.stream().map(EntryPoint.MethodRef::name).toArray(String[]::new);
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
                if (entry == null) {
                    Class<?> mainType = Class.forName(mainClass, false, loader);
                    Method main = mainType.getMethod("main", String[].class);
                    loader.handler().classInit(mainType, -1); // as the launcher's call of main would, under the scheduler's control
                    main.invoke(null, (Object) args.clone());
                } else {
                    runEntry();
                }
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } finally {
                current.setContextClassLoader(previous);
            }
        }

        private void runEntry() throws Throwable {
            List<EntryPoint.Input> inputs = entry.inputs();
            EntryRunner.run(loader, entry.className(), owners(entry.before()), names(entry.before()),
                    entry.method().declaringClass(), entry.method().name(), owners(entry.after()), names(entry.after()),
                    new EntryRunner.Inputs(inputs.stream().map(EntryPoint.Input::name).toArray(String[]::new),
                            inputs.stream().map(in -> String.valueOf(in.type())).collect(Collectors.joining()),
                            inputs.stream().mapToLong(EntryPoint.Input::min).toArray(), inputs.stream().mapToLong(EntryPoint.Input::max).toArray(),
                            pathConditions));
        }

        @Override
        public Map<String, String> staticState() {
            return StaticState.of(loader.initializedClasses());
        }

        @Override
        public Map<Object, String> fieldPaths() {
            return FieldPaths.of(loader.initializedClasses(), loader);
        }
    }
}
