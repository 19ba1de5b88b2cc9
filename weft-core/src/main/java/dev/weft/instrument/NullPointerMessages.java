package dev.weft.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
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
 * The JVM's helpful {@code NullPointerException} message as the uninstrumented program would get it.
 * The JVM describes where the null came from by the bytecode before the failing instruction; in a
 * rewritten class a loaded value passes through a hook, so the message names the hook ("because the
 * return value of "dev.weft.runtime.hooks.Hooks.afterLoad(Object)" is null"). This finds the failing
 * instruction in the original class file (the failing frame's line, the instruction the message's
 * first half names), follows its null operand back through the original bytecode, and names it as
 * the JVM does ({@code "Main.box"}, {@code "this.next.next"}, {@code "<local2>[i]"}). When the
 * instruction or its operand's origin is not certain, the message is left as it is.
 */
public final class NullPointerMessages {
    private static final Pattern HOOK_SOURCE = Pattern.compile("the return value of \"dev\\.weft\\.[^\"]*\"");
    private static final Pattern FIELD_READ = Pattern.compile("^Cannot read field \"([^\"]+)\"");
    private static final Pattern FIELD_WRITE = Pattern.compile("^Cannot assign field \"([^\"]+)\"");
    private static final Pattern INVOKE = Pattern.compile("^Cannot invoke \"[^\"]*\\.([^.(\"]+)\\(");
    /** How deep a description follows its operands (the JVM, too, gives up on long chains). */
    private static final int MAX_DEPTH = 5;

    private NullPointerMessages() {
    }

    /**
     * {@code message} with a hook named as the null's source replaced by what the program loaded.
     *
     * @param frame  the frame that threw (the program's method)
     * @param loader finds the frame's original class file
     */
    public static String asThePrograms(String message, StackTraceElement frame, ClassLoader loader) {
        Matcher hook = message == null ? null : HOOK_SOURCE.matcher(message);
        if (hook == null || !hook.find() || frame.getLineNumber() < 0 || loader == null) {
            return message;
        }
        try {
            String source = source(message, frame, loader);
            return source == null ? message : message.substring(0, hook.start()) + "\"" + source + "\"" + message.substring(hook.end());
        } catch (IOException | AnalyzerException | RuntimeException unreadable) {
            return message; // a class Weft cannot read or analyse: its message as the run made it
        }
    }

    /** The null operand's description, when every candidate instruction on the frame's line agrees on one. */
    private static String source(String message, StackTraceElement frame, ClassLoader loader) throws IOException, AnalyzerException {
        ClassNode owner = read(frame.getClassName(), loader);
        if (owner == null) {
            return null;
        }
        Set<String> found = new LinkedHashSet<>();
        for (MethodNode method : owner.methods) {
            if (method.name.equals(frame.getMethodName()) && method.instructions.size() > 0) {
                describeOnLine(message, owner.name, method, frame.getLineNumber(), found);
            }
        }
        return found.size() == 1 && !found.contains(null) ? found.iterator().next() : null;
    }

    private static void describeOnLine(String message, String owner, MethodNode method, int line, Set<String> found)
            throws AnalyzerException {
        Frame<SourceValue>[] frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
        int current = -1;
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LineNumberNode number) {
                current = number.line;
            }
            Frame<SourceValue> before = frames[method.instructions.indexOf(insn)];
            int operand = current == line && before != null ? nullOperand(message, insn) : -1;
            SourceValue value = operand >= 0 ? copied(before.getStack(before.getStackSize() - 1 - operand), method, frames) : null;
            // The message names a hook as the source: the operand came straight from a load, which the hook follows.
            if (value != null && value.insns.stream().allMatch(NullPointerMessages::isLoad)) {
                found.add(describe(value, method, frames, MAX_DEPTH));
            }
        }
    }

    private static boolean isLoad(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        return opcode == Opcodes.GETFIELD || opcode == Opcodes.GETSTATIC || opcode == Opcodes.AALOAD;
    }

    /** How far below the stack's top the operand that was null is, if {@code insn} is what the message says failed; else -1. */
    private static int nullOperand(String message, AbstractInsnNode insn) {
        Matcher read = FIELD_READ.matcher(message);
        if (read.find()) {
            return insn.getOpcode() == Opcodes.GETFIELD && ((FieldInsnNode) insn).name.equals(read.group(1)) ? 0 : -1;
        }
        Matcher write = FIELD_WRITE.matcher(message);
        if (write.find()) {
            return insn.getOpcode() == Opcodes.PUTFIELD && ((FieldInsnNode) insn).name.equals(write.group(1)) ? 1 : -1;
        }
        Matcher invoke = INVOKE.matcher(message);
        if (invoke.find() && insn instanceof MethodInsnNode call && call.getOpcode() != Opcodes.INVOKESTATIC
                && call.name.equals(invoke.group(1))) {
            return Type.getArgumentTypes(call.desc).length;
        }
        if (message.startsWith("Cannot load from ")) {
            return insn.getOpcode() >= Opcodes.IALOAD && insn.getOpcode() <= Opcodes.SALOAD ? 1 : -1;
        }
        if (message.startsWith("Cannot store to ")) {
            return insn.getOpcode() >= Opcodes.IASTORE && insn.getOpcode() <= Opcodes.SASTORE ? 2 : -1;
        }
        return message.startsWith("Cannot read the array length") && insn.getOpcode() == Opcodes.ARRAYLENGTH ? 0 : -1;
    }

    /**
     * The value a {@code dup} copied, for a value that is such a copy ({@code session.requests++} reads the
     * field through a copy of {@code session}); the JVM's message names the original.
     */
    private static SourceValue copied(SourceValue value, MethodNode method, Frame<SourceValue>[] frames) {
        while (value.insns.size() == 1 && isTopCopy(value.insns.iterator().next())) {
            value = top(frames[method.instructions.indexOf(value.insns.iterator().next())], 0);
        }
        return value;
    }

    private static boolean isTopCopy(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        return opcode == Opcodes.DUP || opcode == Opcodes.DUP_X1 || opcode == Opcodes.DUP_X2;
    }

    /** The value as the JVM's message names it, or null when it comes from more than one place or from a call. */
    private static String describe(SourceValue operand, MethodNode method, Frame<SourceValue>[] frames, int depth) {
        SourceValue value = copied(operand, method, frames);
        if (value.insns.size() != 1 || depth == 0) {
            return null;
        }
        AbstractInsnNode insn = value.insns.iterator().next();
        Frame<SourceValue> before = frames[method.instructions.indexOf(insn)];
        return switch (insn.getOpcode()) {
            case Opcodes.GETSTATIC -> Type.getObjectType(((FieldInsnNode) insn).owner).getClassName() + "." + ((FieldInsnNode) insn).name;
            case Opcodes.GETFIELD -> joined(describe(top(before, 0), method, frames, depth - 1), "." + ((FieldInsnNode) insn).name);
            case Opcodes.AALOAD, Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.SALOAD, Opcodes.BALOAD, Opcodes.CALOAD -> {
                String index = describe(top(before, 0), method, frames, depth - 1);
                yield index == null ? null : joined(describe(top(before, 1), method, frames, depth - 1), "[" + index + "]");
            }
            case Opcodes.ALOAD, Opcodes.ILOAD, Opcodes.LLOAD -> local(method, ((VarInsnNode) insn).var, insn);
            case Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2, Opcodes.ICONST_3, Opcodes.ICONST_4,
                 Opcodes.ICONST_5 -> Integer.toString(insn.getOpcode() - Opcodes.ICONST_0);
            case Opcodes.BIPUSH, Opcodes.SIPUSH -> Integer.toString(((IntInsnNode) insn).operand);
            case Opcodes.ACONST_NULL -> "null";
            default -> null;
        };
    }

    private static SourceValue top(Frame<SourceValue> frame, int below) {
        return frame.getStack(frame.getStackSize() - 1 - below);
    }

    private static String joined(String base, String rest) {
        return base == null ? null : base + rest;
    }

    /** A local by its name in the class file, else as the JVM calls it: this, {@code <parameterN>} (from 1) or {@code <localN>}. */
    private static String local(MethodNode method, int slot, AbstractInsnNode at) {
        if (method.localVariables != null) {
            int index = method.instructions.indexOf(at);
            for (LocalVariableNode variable : method.localVariables) {
                if (variable.index == slot && method.instructions.indexOf(variable.start) <= index
                        && index < method.instructions.indexOf(variable.end)) {
                    return variable.name;
                }
            }
        }
        boolean isStatic = (method.access & Opcodes.ACC_STATIC) != 0;
        if (!isStatic && slot == 0) {
            return "this";
        }
        int next = isStatic ? 0 : 1;
        Type[] parameters = Type.getArgumentTypes(method.desc);
        for (int i = 0; i < parameters.length; i++) {
            if (next == slot) {
                return "<parameter" + (i + 1) + ">";
            }
            next += parameters[i].getSize();
        }
        return "<local" + slot + ">";
    }

    private static ClassNode read(String className, ClassLoader loader) throws IOException {
        try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) {
                return null;
            }
            ClassNode node = new ClassNode();
            new ClassReader(in).accept(node, 0);
            return node;
        }
    }
}
