package dev.weft.instrument;

import dev.weft.runtime.hooks.Hooks;
import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Reports every edge into the header of a loop {@link LoopFinder} planned: an entry from outside
 * calls {@code loopEnter}, which returns the token of this stay in the loop (kept in a local of its
 * own, 0 until then), and a back edge calls {@code loopBack} with it. A pure loop first reports each
 * local its iterations change ({@code loopLocal}). The edge is split: a jump or switch target goes
 * to a trampoline at the end of the method, which reports and jumps on to the header; a fall-through
 * becomes a jump to the trampoline. Must see the original instructions (it numbers them as
 * {@link ControlFlow} does), so it comes first in the chain.
 */
final class LoopVisitor extends MethodVisitor {
    private final MethodContext ctx;
    private final LoopPlan plan;
    /** Whether the loops are instrumented JDK code's ({@link Hooks#LOOP_JDK}). */
    private final boolean jdk;
    /** Per loop: the token's local, the header's location, a label right before the header, the trampolines (entry, back). */
    private final int[] tokens;
    private final int[] locations;
    private final Label[] headers;
    private final Label[][] trampolines;
    /** Instruction number of each planned header to the loop's index. */
    private final Map<Integer, Integer> headerOf = new HashMap<>();
    private int ordinal;

    LoopVisitor(MethodVisitor next, MethodContext ctx, LoopPlan plan, boolean jdk) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
        this.plan = plan;
        this.jdk = jdk;
        int n = plan.loops().size();
        tokens = new int[n];
        locations = new int[n];
        headers = new Label[n];
        trampolines = new Label[n][2];
        for (int k = 0; k < n; k++) {
            headerOf.put(plan.loops().get(k).header(), k);
        }
    }

    @Override
    public void visitCode() {
        super.visitCode();
        for (int k = 0; k < tokens.length; k++) {
            tokens[k] = ctx.methodLocal(Type.INT_TYPE);
            super.visitInsn(Opcodes.ICONST_0);
            super.visitVarInsn(Opcodes.ISTORE, tokens[k]);
        }
        LoopPlan.Edge[] start = plan.edgesFrom(LoopPlan.METHOD_START);
        if (start != null) {
            super.visitJumpInsn(Opcodes.GOTO, trampoline(start[0]));
        }
    }

    // ------------------------------------------------------------------ the original instructions

    @Override
    public void visitInsn(int opcode) {
        before();
        super.visitInsn(opcode);
        after();
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        before();
        super.visitIntInsn(opcode, operand);
        after();
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        before();
        super.visitVarInsn(opcode, varIndex);
        after();
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        before();
        super.visitTypeInsn(opcode, type);
        after();
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        before();
        super.visitFieldInsn(opcode, owner, name, descriptor);
        after();
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        before();
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        after();
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        before();
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
        after();
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        before();
        super.visitJumpInsn(opcode, redirected(0, label));
        after();
    }

    @Override
    public void visitLdcInsn(Object value) {
        before();
        super.visitLdcInsn(value);
        after();
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        before();
        super.visitIincInsn(varIndex, increment);
        after();
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        before();
        Label[] targets = redirected(labels);
        super.visitTableSwitchInsn(min, max, redirected(labels.length, dflt), targets);
        after();
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        before();
        Label[] targets = redirected(labels);
        super.visitLookupSwitchInsn(redirected(labels.length, dflt), keys, targets);
        after();
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        before();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
        after();
    }

    // ------------------------------------------------------------------ edges and trampolines

    /** Before an instruction: at a header, a label for the trampolines to jump to, and the header's location. */
    private void before() {
        Integer k = headerOf.get(ordinal);
        if (k != null) {
            headers[k] = new Label();
            super.visitLabel(headers[k]);
            locations[k] = ctx.location();
        }
    }

    /** After an instruction: a fall-through into a header becomes a jump to its trampoline. */
    private void after() {
        LoopPlan.Edge[] edges = plan.edgesFrom(ordinal);
        if (edges != null && edges[edges.length - 1] != null) {
            super.visitJumpInsn(Opcodes.GOTO, trampoline(edges[edges.length - 1]));
        }
        ordinal++;
    }

    private Label redirected(int position, Label target) {
        LoopPlan.Edge[] edges = plan.edgesFrom(ordinal);
        return edges != null && edges[position] != null ? trampoline(edges[position]) : target;
    }

    private Label[] redirected(Label[] labels) {
        Label[] targets = labels.clone();
        for (int p = 0; p < labels.length; p++) {
            targets[p] = redirected(p, labels[p]);
        }
        return targets;
    }

    private Label trampoline(LoopPlan.Edge edge) {
        int kind = edge.back() ? 1 : 0;
        if (trampolines[edge.loop()][kind] == null) {
            trampolines[edge.loop()][kind] = new Label();
        }
        return trampolines[edge.loop()][kind];
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        for (int k = 0; k < trampolines.length; k++) {
            for (int kind = 0; kind < 2; kind++) {
                if (trampolines[k][kind] != null) {
                    super.visitLabel(trampolines[k][kind]);
                    report(k, kind == 1);
                    super.visitJumpInsn(Opcodes.GOTO, headers[k]);
                }
            }
        }
        super.visitMaxs(maxStack, maxLocals);
    }

    /** The hook calls of one edge into loop {@code k}'s header. */
    private void report(int k, boolean back) {
        LoopPlan.Loop loop = plan.loops().get(k);
        for (LoopPlan.Local local : loop.changed()) {
            reportLocal(local);
        }
        Emit.push(this.mv, locations[k]);
        Emit.push(this.mv, (loop.pure() ? Hooks.LOOP_PURE : 0) | (jdk ? Hooks.LOOP_JDK : 0));
        if (back) {
            super.visitVarInsn(Opcodes.ILOAD, tokens[k]);
            Emit.hook(this.mv, "loopBack", "(III)V");
        } else {
            if (loop.enclosing() >= 0) {
                super.visitVarInsn(Opcodes.ILOAD, tokens[loop.enclosing()]);
            } else {
                super.visitInsn(Opcodes.ICONST_0);
            }
            Emit.hook(this.mv, "loopEnter", "(III)I");
            super.visitVarInsn(Opcodes.ISTORE, tokens[k]);
        }
    }

    /** Loads a local and hands it to {@code loopLocal}: primitives as their raw bits in a long, references as they are. */
    private void reportLocal(LoopPlan.Local local) {
        switch (local.sort()) {
            case Type.INT -> {
                super.visitVarInsn(Opcodes.ILOAD, local.slot());
                super.visitInsn(Opcodes.I2L);
            }
            case Type.FLOAT -> {
                super.visitVarInsn(Opcodes.FLOAD, local.slot());
                super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I", false);
                super.visitInsn(Opcodes.I2L);
            }
            case Type.LONG -> super.visitVarInsn(Opcodes.LLOAD, local.slot());
            case Type.DOUBLE -> {
                super.visitVarInsn(Opcodes.DLOAD, local.slot());
                super.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J", false);
            }
            default -> {
                super.visitVarInsn(Opcodes.ALOAD, local.slot());
                Emit.hook(this.mv, "loopLocal", "(Ljava/lang/Object;)V");
                return;
            }
        }
        Emit.hook(this.mv, "loopLocal", "(J)V");
    }
}
