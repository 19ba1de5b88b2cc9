package dev.weft.instrument;

import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The receivers of one method's calls as the source names them ({@code ids} in {@code ids.get(name)}):
 * the field or local variable the receiver was loaded from, found by ASM's source analysis; for
 * reports, which show JDK calls as the program wrote them. Null where no single load is the source.
 */
final class ReceiverNames {
    private final String owner;
    private final MethodNode method;
    private final Map<Integer, AbstractInsnNode> calls;
    private Frame<SourceValue>[] frames;

    private ReceiverNames(String owner, MethodNode method, Map<Integer, AbstractInsnNode> calls) {
        this.owner = owner;
        this.method = method;
        this.calls = calls;
    }

    /** A method of an {@link #outline} class, which knows the bytecode offset of each of its calls. */
    static final class Method extends MethodNode {
        private final OffsetReader reader;
        private final String owner;
        private final Map<Integer, AbstractInsnNode> calls = new HashMap<>();

        Method(OffsetReader reader, String owner, int access, String name, String descriptor, String signature, String[] exceptions) {
            super(Opcodes.ASM9, access, name, descriptor, signature, exceptions);
            this.reader = reader;
            this.owner = owner;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            calls.put(reader.currentOffset(), instructions.getLast());
        }

        ReceiverNames receiverNames() {
            return new ReceiverNames(owner, this, calls);
        }
    }

    /** The class as a tree whose methods are {@link Method}s. */
    static ClassNode outline(OffsetReader reader) {
        ClassNode outline = new ClassNode(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                Method method = new Method(reader, this.name, access, name, descriptor, signature, exceptions);
                methods.add(method);
                return method;
            }
        };
        reader.accept(outline, ClassReader.SKIP_FRAMES);
        return outline;
    }

    /** The name of the receiver of the call at bytecode offset {@code offset}, or null. */
    String at(int offset) {
        AbstractInsnNode call = calls.get(offset);
        Frame<SourceValue> frame = call == null ? null : frames()[method.instructions.indexOf(call)];
        if (!(call instanceof MethodInsnNode invoke) || frame == null) {
            return null;
        }
        int argumentSlots = (org.objectweb.asm.Type.getArgumentsAndReturnSizes(invoke.desc) >> 2) - 1;
        SourceValue receiver = valueBelow(frame, argumentSlots);
        if (receiver == null || receiver.insns.size() != 1) {
            return null;
        }
        AbstractInsnNode source = receiver.insns.iterator().next();
        if (source instanceof FieldInsnNode field) {
            return field.name;
        }
        if (source instanceof VarInsnNode load && source.getOpcode() == Opcodes.ALOAD) {
            return localName(load);
        }
        return null;
    }

    /** The stack value {@code slots} slots below the top (longs and doubles take two). */
    private static SourceValue valueBelow(Frame<SourceValue> frame, int slots) {
        int seen = 0;
        for (int i = frame.getStackSize() - 1; i >= 0; i--) {
            SourceValue value = frame.getStack(i);
            if (seen == slots) {
                return value;
            }
            seen += value.getSize();
        }
        return null;
    }

    private String localName(VarInsnNode load) {
        if (method.localVariables == null) {
            return null;
        }
        int at = method.instructions.indexOf(load);
        for (LocalVariableNode local : method.localVariables) {
            if (local.index == load.var && method.instructions.indexOf(local.start) <= at && at < method.instructions.indexOf(local.end)) {
                return local.name.equals("this") ? null : local.name;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private Frame<SourceValue>[] frames() {
        if (frames == null) {
            try {
                frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
            } catch (AnalyzerException | RuntimeException e) {
                frames = new Frame[method.instructions.size()]; // no names, nothing worse
            }
        }
        return frames;
    }
}
