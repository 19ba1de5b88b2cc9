package dev.weft.instrument;

import dev.weft.trace.Symbols;
import dev.weft.trace.VirtualFixes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites one program class so that every shared access and synchronization operation calls the
 * runtime first (see {@code HookHandler}). Each concern is one method visitor; this class chains them.
 * Weft's models of JDK classes ({@code dev.weft.modelled}) are rewritten the same way, except that
 * their calls into the JDK are theirs by design: neither refused nor replaced by models. JDK classes
 * ({@link #transformJdk}) get a subset of the chain, see {@link JdkVisitors}.
 */
public final class ProgramTransformer {
    private final ClassHierarchy hierarchy;
    private final ClassFacts facts;
    private final Symbols symbols;
    private final LoopFinder loops;
    private final HiddenState hiddenState;
    /** The loops of JDK classes instrumented with {@link #jdkLoopsFor}, for the session that set it. */
    private LoopFinder jdkLoops;
    private Set<String> jdkLoopsFor;
    private final VirtualFixes fixes;
    /** Program methods get the shadow execution ({@link SymbolicVisitor}): the strategy needs path conditions. */
    private final boolean pathConditions;
    private final Set<VirtualFixes.Fence> placedFences = ConcurrentHashMap.newKeySet();

    /** @param hiddenState which instructions leave state Weft does not record, for the loops' purity */
    ProgramTransformer(ClassHierarchy hierarchy, Symbols symbols, HiddenState hiddenState) {
        this(hierarchy, symbols, hiddenState, VirtualFixes.NONE);
    }

    /** @param fixes the changes {@code --assume-volatile} and {@code --fence} make to the program */
    ProgramTransformer(ClassHierarchy hierarchy, Symbols symbols, HiddenState hiddenState, VirtualFixes fixes) {
        this(hierarchy, symbols, hiddenState, fixes, false);
    }

    /** @param pathConditions whether program methods record path conditions (see {@link SymbolicVisitor}) */
    ProgramTransformer(ClassHierarchy hierarchy, Symbols symbols, HiddenState hiddenState, VirtualFixes fixes, boolean pathConditions) {
        this.pathConditions = pathConditions;
        this.hierarchy = hierarchy;
        this.facts = new ClassFacts(hierarchy);
        this.symbols = symbols;
        this.loops = new LoopFinder(hiddenState);
        this.hiddenState = hiddenState;
        this.fixes = fixes;
    }

    /** The virtual fences placed in the classes transformed so far. */
    Set<VirtualFixes.Fence> placedFences() {
        return placedFences;
    }

    ClassHierarchy hierarchy() {
        return hierarchy;
    }

    ClassFacts facts() {
        return facts;
    }

    /**
     * The instrumented class file; the class's name in the message when Weft cannot instrument it. No
     * companion class is made (see {@link Bridges}): bridges stay in the class.
     */
    public byte[] transform(String className, byte[] original) throws BadProgramException {
        return transform(className, original, null);
    }

    /** As {@link #transform(String, byte[])}; a companion class the class needs goes to {@code companions} (name, class file). */
    byte[] transform(String className, byte[] original, BiConsumer<String, byte[]> companions) throws BadProgramException {
        ClassFileVersion.check(className, original);
        OffsetReader reader;
        ClassNode outline;
        try {
            reader = new OffsetReader(original);
            outline = ReceiverNames.outline(reader);
        } catch (RuntimeException e) {
            throw new BadProgramException("invalid class file for " + className + ": " + e, e);
        }
        try {
            ClassWriter writer = writer(reader, outline.version);
            reader.accept(new Instrumenter(writer, reader, outline, companions, null), ClassReader.EXPAND_FRAMES);
            return writer.toByteArray();
        } catch (RuntimeException e) {
            throw new BadProgramException("cannot instrument class " + className + ": " + e, e);
        }
    }

    /**
     * A JDK class rewritten in place for {@code --instrument-jdk} ({@link JdkInstrumentation}): its field and array accesses,
     * allocations and hash codes go to {@code dev.weft.boot.JdkBridge}. The class keeps its methods, fields and modifiers
     * (the JVM's retransformation allows nothing else).
     */
    byte[] transformJdk(String internalName, byte[] original, Set<String> instrumented) throws BadProgramException {
        try {
            OffsetReader reader = new OffsetReader(original);
            ClassNode outline = ReceiverNames.outline(reader);
            ClassWriter writer = writer(reader, outline.version);
            reader.accept(new Instrumenter(writer, reader, outline, null, instrumented), ClassReader.EXPAND_FRAMES);
            return writer.toByteArray();
        } catch (RuntimeException e) {
            throw new BadProgramException("cannot instrument JDK class " + internalName.replace('/', '.') + ": " + e, e);
        }
    }

    private synchronized LoopFinder jdkLoops(Set<String> instrumented) {
        if (jdkLoopsFor != instrumented) {
            jdkLoops = new LoopFinder(hiddenState.forJdk(instrumented));
            jdkLoopsFor = instrumented;
        }
        return jdkLoops;
    }

    /** A class writer that computes frames (class files of Java 6 and later) from the program's class hierarchy. */
    private ClassWriter writer(ClassReader copyingFrom, int version) {
        boolean hasFrames = (version & 0xffff) >= Opcodes.V1_6;
        return new ClassWriter(copyingFrom, hasFrames ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return hierarchy.commonSuperClass(a, b);
            }
        };
    }

    private final class Instrumenter extends ClassVisitor {
        private final OffsetReader reader;
        private final ClassNode outline;
        private final Map<String, MethodNode> methods = new HashMap<>();
        private final boolean isThread;
        private final Bridges bridges;
        private final BiConsumer<String, byte[]> companions;
        /** A JDK class rewritten in place (no method, modifier or initialiser may change or be added): which JDK classes are instrumented; else null. */
        private final Set<String> jdkInstrumented;
        private final boolean jdk;
        private boolean hasClassInit;

        Instrumenter(ClassVisitor next, OffsetReader reader, ClassNode outline, BiConsumer<String, byte[]> companions,
                     Set<String> jdkInstrumented) {
            super(Opcodes.ASM9, next);
            this.jdkInstrumented = jdkInstrumented;
            this.jdk = jdkInstrumented != null;
            this.reader = reader;
            this.outline = outline;
            this.bridges = new Bridges(outline, hierarchy, facts, companions != null);
            this.companions = companions;
            for (MethodNode method : outline.methods) {
                methods.put(method.name + method.desc, method);
            }
            isThread = (outline.access & Opcodes.ACC_INTERFACE) == 0 && hierarchy.isSubtype(outline.name, "java/lang/Thread");
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
            boolean program = !jdk && !ProgramClasses.isModelled(name);
            super.visit(version, access, name, signature, program ? ModelSubstitutionVisitor.superclass(superName) : superName, interfaces);
        }

        @Override
        public MethodVisitor visitMethod(int declared, String name, String descriptor, String signature, String[] exceptions) {
            if (jdk) {
                return visitJdkMethod(declared, name, descriptor, signature, exceptions);
            }
            int access = bridges.access(name, descriptor, declared);
            boolean hasCode = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
            boolean isSynchronized = hasCode && (access & Opcodes.ACC_SYNCHRONIZED) != 0;
            MethodVisitor mv = super.visitMethod(isSynchronized ? access & ~Opcodes.ACC_SYNCHRONIZED : access, name, descriptor, signature, exceptions);
            if (!hasCode) {
                return mv;
            }
            MethodNode method = methods.get(name + descriptor);
            MethodContext ctx = new MethodContext(outline.name, name, descriptor, access, hierarchy, facts, symbols, outline.sourceFile,
                    reader, method.maxLocals, firstLine(method), ((ReceiverNames.Method) method).receiverNames());
            return instrument(mv, ctx, isSynchronized, method, writesInstrumentedFinalField(method));
        }

        private MethodVisitor visitJdkMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, exceptions);
            if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                return mv;
            }
            if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
                // the JVM would take the monitor before any hook: Weft's lock model would not know it is held
                throw new IllegalStateException("JDK method " + outline.name + "." + name + " is synchronized, which Weft cannot instrument in place");
            }
            MethodNode method = methods.get(name + descriptor);
            MethodContext ctx = new MethodContext(outline.name, name, descriptor, access, hierarchy, facts, symbols, outline.sourceFile,
                    reader, method.maxLocals, firstLine(method), ((ReceiverNames.Method) method).receiverNames());
            MethodVisitor chain = JdkVisitors.chain(mv, ctx, jdkInstrumented::contains);
            // The spins of java.util.concurrent's synchronizers are busy-waits; java.util's loops only walk their own data.
            LoopPlan plan = outline.name.startsWith("java/util/concurrent/") ? jdkLoops(jdkInstrumented).plan(outline.name, method)
                    : LoopPlan.NONE;
            if (!plan.isEmpty()) {
                chain = new LoopVisitor(chain, ctx, plan, true);
            }
            AnalyzerAdapter analyzer = new AnalyzerAdapter(outline.name, access, name, descriptor, chain);
            ctx.attach(analyzer);
            return new LineTracker(analyzer, ctx);
        }

        /** A constructor that writes a final field of its class that is instrumented (see {@link FieldAccessVisitor}). */
        private boolean writesInstrumentedFinalField(MethodNode method) {
            if (!method.name.equals("<init>") || !facts.constructorsMayLeakThis(outline.name)) {
                return false;
            }
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof FieldInsnNode put && put.getOpcode() == Opcodes.PUTFIELD && put.owner.equals(outline.name)
                        && isFinalField(put.name)) {
                    return true;
                }
            }
            return false;
        }

        private boolean isFinalField(String name) {
            return outline.fields.stream().anyMatch(f -> f.name.equals(name) && (f.access & Opcodes.ACC_FINAL) != 0);
        }

        /**
         * @param original           the method's code as the class file has it (its loops are reported), or null for a bridge
         * @param freezesFinalFields a constructor whose end freezes instrumented final fields
         */
        private MethodVisitor instrument(MethodVisitor mv, MethodContext ctx, boolean isSynchronized, MethodNode original,
                                         boolean freezesFinalFields) {
            mv = new InnerHandlersFirst(mv, ctx.access, ctx.name, ctx.descriptor, ctx.innermostHandlers);
            boolean isModel = ProgramClasses.isModelled(ctx.owner);
            mv = new JdkObjectVisitor(mv, ctx, !isModel);
            if (ctx.name.equals("<clinit>")) {
                hasClassInit = true;
                mv = new ClassInitVisitor(mv, ctx);
            }
            if (isThread && ctx.name.equals("run") && ctx.descriptor.equals("()V") && !ctx.isStatic()) {
                mv = new ThreadBodyVisitor(mv, ctx);
            }
            if (isSynchronized) {
                mv = new SynchronizedMethodVisitor(mv, ctx);
            }
            if (freezesFinalFields) {
                mv = new FinalFieldFreezeVisitor(mv, ctx);
            }
            if (!isModel) {
                mv = new StandardInputVisitor(mv, ctx);
                mv = new UnsupportedCallVisitor(mv, ctx);
            }
            mv = new AtomicCallVisitor(mv, ctx);
            if (!fixes.fences().isEmpty() && !isModel && outline.sourceFile != null) {
                mv = new VirtualFenceVisitor(mv, ctx, fixes, outline.sourceFile, placedFences::add);
            }
            mv = new AccessModeVisitor(mv, ctx);
            mv = new LockCallVisitor(mv, ctx);
            mv = new DeterminismCallVisitor(mv, ctx, true);
            mv = new ProgramInputVisitor(mv, ctx);
            mv = new ThreadCallVisitor(mv, ctx);
            mv = new MonitorVisitor(mv, ctx);
            mv = new AllocationVisitor(mv, ctx);
            mv = new StringLiteralVisitor(mv, ctx);
            if (!isPureInitialiser(ctx)) {
                // A pure initialiser touches only its own class's static fields and its own arrays, which no
                // other thread sees before it ends: it runs in one step (see ClassFacts).
                mv = new ArrayAccessVisitor(mv, ctx);
                mv = new FieldAccessVisitor(mv, ctx, fixes);
            }
            mv = new ClassInitTriggerVisitor(mv, ctx);
            mv = new MethodReferenceVisitor(mv, (implementation, factoryType) -> bridges.replace(implementation, factoryType,
                    ctx.location()));
            if (!isModel) {
                mv = new ModelSubstitutionVisitor(mv);
                mv = new ForkJoinCallVisitor(mv, ctx);
            }
            if (pathConditions && !isModel && original != null) {
                mv = SymbolicVisitor.outermost(mv, ctx, original.maxLocals, outline.sourceFile);
            }
            LoopPlan plan = original == null ? LoopPlan.NONE : loops.plan(outline.name, original);
            if (!plan.isEmpty()) {
                mv = new LoopVisitor(mv, ctx, plan, false);
            }
            AnalyzerAdapter analyzer = new AnalyzerAdapter(outline.name, ctx.access, ctx.name, ctx.descriptor, mv);
            ctx.attach(analyzer);
            return new LineTracker(analyzer, ctx);
        }

        private boolean isPureInitialiser(MethodContext ctx) {
            return ctx.name.equals("<clinit>") && facts.initialiser(ctx.owner) == ClassFacts.Initialiser.PURE;
        }

        @Override
        public void visitEnd() {
            if (jdk) {
                super.visitEnd();
                return;
            }
            for (Bridge bridge : bridges.inHost()) {
                int access = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
                writeBridge(super.visitMethod(access, bridge.name(), bridge.descriptor(), null, null), outline.name, access, bridge);
            }
            if (bridges.needsCompanion()) {
                companions.accept(bridges.companion(), companion());
            }
            if (!hasClassInit) {
                MethodVisitor init = super.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "<clinit>", "()V", null, null);
                ClassInitVisitor.writeEmpty(init, outline.name);
            }
            super.visitEnd();
        }

        private void writeBridge(MethodVisitor mv, String owner, int access, Bridge bridge) {
            MethodContext ctx = new MethodContext(owner, bridge.name(), bridge.descriptor(), access, hierarchy, facts, symbols,
                    outline.sourceFile, reader, Type.getArgumentsAndReturnSizes(bridge.descriptor()) >> 2, -1, null);
            ctx.fixLocation(bridge.location());
            bridge.write(instrument(mv, ctx, false, null, false));
        }

        /** The class file of the companion (see {@link Bridges}): the bridges that must not be the class's own methods. */
        private byte[] companion() {
            ClassWriter writer = writer(null, outline.version);
            String name = bridges.companion();
            writer.visit(outline.version, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null, ClassHierarchy.OBJECT, null);
            writer.visitSource(outline.sourceFile, null);
            int access = Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC; // package access: the class's call sites name them
            for (Bridge bridge : bridges.inCompanion()) {
                writeBridge(writer.visitMethod(access, bridge.name(), bridge.descriptor(), null, null), name, access, bridge);
            }
            writer.visitEnd();
            return writer.toByteArray();
        }

        private int firstLine(MethodNode method) {
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof LineNumberNode line) {
                    return line.line;
                }
            }
            return -1;
        }
    }

    /** Keeps the context's current source line. */
    private static final class LineTracker extends MethodVisitor {
        private final MethodContext ctx;

        LineTracker(MethodVisitor next, MethodContext ctx) {
            super(Opcodes.ASM9, next);
            this.ctx = ctx;
        }

        @Override
        public void visitLineNumber(int line, org.objectweb.asm.Label start) {
            ctx.atLine(line);
            super.visitLineNumber(line, start);
        }
    }
}
