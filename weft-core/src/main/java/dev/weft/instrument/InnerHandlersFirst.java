package dev.weft.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Holds a method back until its end, then passes it on with the exception handlers the visitors
 * added around single instructions first in its exception table. The JVM takes the first handler
 * that covers the throwing instruction, and ASM writes handlers in the order they are visited: a
 * handler added around one call inside the program's own {@code try} blocks, which the class reader
 * visits first, would otherwise never run.
 */
final class InnerHandlersFirst extends MethodNode {
    private final MethodVisitor next;
    private final Set<Label> innermost;

    /** @param innermost the handler labels of the blocks that must come first; filled while the method is visited */
    InnerHandlersFirst(MethodVisitor next, int access, String name, String descriptor, Set<Label> innermost) {
        super(Opcodes.ASM9, access, name, descriptor, null, null);
        this.next = next;
        this.innermost = innermost;
    }

    /**
     * Keeps each label's node tied to the label itself: MethodNode's own nodes hand out fresh labels, so no handler in the
     * table was ever one of {@code innermost}, and a call's handler stayed behind the program's (a JDK call that threw
     * inside the program's try block never ended, and its monitor stayed taken).
     */
    @Override
    protected LabelNode getLabelNode(Label label) {
        if (!(label.info instanceof LabelNode)) {
            label.info = new LabelNode(label);
        }
        return (LabelNode) label.info;
    }

    @Override
    public void visitEnd() {
        super.visitEnd();
        if (!innermost.isEmpty()) {
            List<TryCatchBlockNode> first = new ArrayList<>();
            List<TryCatchBlockNode> rest = new ArrayList<>();
            for (TryCatchBlockNode block : tryCatchBlocks) {
                (innermost.contains(block.handler.getLabel()) ? first : rest).add(block);
            }
            tryCatchBlocks.clear();
            tryCatchBlocks.addAll(first);
            tryCatchBlocks.addAll(rest);
        }
        accept(next);
    }
}
