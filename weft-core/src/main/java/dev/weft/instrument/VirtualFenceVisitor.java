package dev.weft.instrument;

import dev.weft.trace.FenceKind;
import dev.weft.trace.VirtualFixes;
import java.util.function.Consumer;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The fences of {@code --fence FILE:LINE}: each runs where the line starts (the label its line
 * number entry marks), so every jump to the line, a loop's back edge included, passes it first. A
 * line whose code starts at more than one place (a {@code for} header) gets one before each.
 */
final class VirtualFenceVisitor extends MethodVisitor {
    private final MethodContext ctx;
    private final VirtualFixes fixes;
    private final String sourceFile;
    private final Consumer<VirtualFixes.Fence> placed;

    /** @param placed told of each fence placed, so that a fence on a line no class has is reported */
    VirtualFenceVisitor(MethodVisitor next, MethodContext ctx, VirtualFixes fixes, String sourceFile, Consumer<VirtualFixes.Fence> placed) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
        this.fixes = fixes;
        this.sourceFile = sourceFile;
        this.placed = placed;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        super.visitLineNumber(line, start);
        for (FenceKind kind : fixes.fencesBefore(sourceFile, line)) {
            Emit.push(mv, kind.ordinal());
            Emit.push(mv, ctx.location());
            Emit.hook(mv, "fence", "(II)V");
            placed.accept(new VirtualFixes.Fence(sourceFile, line, kind));
        }
    }
}
