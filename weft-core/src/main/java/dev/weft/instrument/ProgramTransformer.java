package dev.weft.instrument;

import dev.weft.trace.Symbols;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.AnalyzerAdapter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites one program class so that every shared access and synchronization operation calls the
 * runtime first (see {@code HookHandler}). Each concern is one method visitor; this class chains them.
 * Weft's models of JDK classes ({@code dev.weft.modelled}) are rewritten the same way, except that
 * their calls into the JDK are theirs by design: neither refused nor replaced by models.
 */
public final class ProgramTransformer {
    private final ClassHierarchy hierarchy;
    private final Symbols symbols;
    private final LoopFinder loops;

    /** @param hiddenState which instructions leave state Weft does not record, for the loops' purity */
    ProgramTransformer(ClassHierarchy hierarchy, Symbols symbols, HiddenState hiddenState) {
        this.hierarchy = hierarchy;
        this.symbols = symbols;
        this.loops = new LoopFinder(hiddenState);
    }

    ClassHierarchy hierarchy() {
        return hierarchy;
    }

    /** The instrumented class file; the class's name in the message when Weft cannot instrument it. */
    public byte[] transform(String className, byte[] original) throws BadProgramException {
        ClassFileVersion.check(className, original);
        OffsetReader reader;
        ClassNode outline = new ClassNode();
        try {
            reader = new OffsetReader(original);
            reader.accept(outline, ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            throw new BadProgramException("invalid class file for " + className + ": " + e, e);
        }
        try {
            boolean hasFrames = (outline.version & 0xffff) >= Opcodes.V1_6;
            ClassWriter writer = new ClassWriter(reader, hasFrames ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
                @Override
                protected String getCommonSuperClass(String a, String b) {
                    return hierarchy.commonSuperClass(a, b);
                }
            };
            reader.accept(new Instrumenter(writer, reader, outline), ClassReader.EXPAND_FRAMES);
            return writer.toByteArray();
        } catch (RuntimeException e) {
            throw new BadProgramException("cannot instrument class " + className + ": " + e, e);
        }
    }

    private final class Instrumenter extends ClassVisitor {
        private final OffsetReader reader;
        private final ClassNode outline;
        private final Map<String, MethodNode> methods = new HashMap<>();
        private final boolean isThread;
        private final Map<Handle, Bridge> bridges = new LinkedHashMap<>();
        private boolean hasClassInit;

        Instrumenter(ClassVisitor next, OffsetReader reader, ClassNode outline) {
            super(Opcodes.ASM9, next);
            this.reader = reader;
            this.outline = outline;
            for (MethodNode method : outline.methods) {
                methods.put(method.name + method.desc, method);
            }
            isThread = (outline.access & Opcodes.ACC_INTERFACE) == 0 && hierarchy.isSubtype(outline.name, "java/lang/Thread");
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
            boolean hasCode = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
            boolean isSynchronized = hasCode && (access & Opcodes.ACC_SYNCHRONIZED) != 0;
            MethodVisitor mv = super.visitMethod(isSynchronized ? access & ~Opcodes.ACC_SYNCHRONIZED : access, name, descriptor, signature, exceptions);
            if (!hasCode) {
                return mv;
            }
            MethodNode method = methods.get(name + descriptor);
            MethodContext ctx = new MethodContext(outline.name, name, descriptor, access, hierarchy, symbols, outline.sourceFile,
                    reader, method.maxLocals, firstLine(method));
            return instrument(mv, ctx, isSynchronized, method);
        }

        /** @param original the method's code as the class file has it (its loops are reported), or null for a bridge */
        private MethodVisitor instrument(MethodVisitor mv, MethodContext ctx, boolean isSynchronized, MethodNode original) {
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
            boolean isModel = ProgramClasses.isModelled(ctx.owner);
            if (!isModel) {
                mv = new UnsupportedCallVisitor(mv, ctx);
            }
            mv = new AtomicCallVisitor(mv, ctx);
            mv = new LockCallVisitor(mv, ctx);
            mv = new DeterminismCallVisitor(mv, ctx);
            mv = new ThreadCallVisitor(mv, ctx);
            mv = new MonitorVisitor(mv, ctx);
            mv = new AllocationVisitor(mv, ctx);
            mv = new ArrayAccessVisitor(mv, ctx);
            mv = new FieldAccessVisitor(mv, ctx);
            mv = new MethodReferenceVisitor(mv, implementation -> bridge(implementation, ctx.location()));
            if (!isModel) {
                mv = new ModelSubstitutionVisitor(mv);
            }
            LoopPlan plan = original == null ? LoopPlan.NONE : loops.plan(outline.name, original);
            if (!plan.isEmpty()) {
                mv = new LoopVisitor(mv, ctx, plan);
            }
            AnalyzerAdapter analyzer = new AnalyzerAdapter(outline.name, ctx.access, ctx.name, ctx.descriptor, mv);
            ctx.attach(analyzer);
            return new LineTracker(analyzer, ctx);
        }

        /** The handle of a static bridge method that calls {@code implementation}; {@code loc} is where the reference is made. */
        private Handle bridge(Handle implementation, int loc) {
            Bridge known = bridges.get(implementation);
            if (known == null) {
                known = new Bridge("weft$bridge$" + bridges.size(), Bridge.descriptor(implementation), implementation, loc);
                bridges.put(implementation, known);
            }
            return new Handle(Opcodes.H_INVOKESTATIC, outline.name, known.name(), known.descriptor(), isInterface());
        }

        private boolean isInterface() {
            return (outline.access & Opcodes.ACC_INTERFACE) != 0;
        }

        @Override
        public void visitEnd() {
            for (Bridge bridge : bridges.values()) {
                int access = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
                MethodContext ctx = new MethodContext(outline.name, bridge.name(), bridge.descriptor(), access, hierarchy, symbols,
                        outline.sourceFile, reader, Type.getArgumentsAndReturnSizes(bridge.descriptor()) >> 2, -1);
                ctx.fixLocation(bridge.location());
                bridge.write(instrument(super.visitMethod(access, bridge.name(), bridge.descriptor(), null, null), ctx, false, null));
            }
            if (!hasClassInit) {
                MethodVisitor init = super.visitMethod(Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, "<clinit>", "()V", null, null);
                init.visitCode();
                ClassInitVisitor.recordInitialized(init, outline.name);
                init.visitInsn(Opcodes.RETURN);
                init.visitMaxs(0, 0);
                init.visitEnd();
            }
            super.visitEnd();
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
