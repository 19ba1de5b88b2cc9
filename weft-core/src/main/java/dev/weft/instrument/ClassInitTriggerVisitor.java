package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Before each instruction that makes the JVM initialise a program class (JVMS 5.5: {@code new}, a static
 * field access, a static call; the class is the one that declares the member), the {@code classInit} hook,
 * which performs the initialisation procedure under the scheduler's control (see the runtime's
 * {@code ClassInits}). A class with a pure initialiser ({@link ClassFacts}) gets the hook as well: its
 * initialiser then runs in the thread's turn (a parent that goes on after {@code Thread.start} runs while its
 * child has the turn), and before the hooks of the instruction, which must not run for a class the JVM is
 * about to fail. Left out where the JVM's procedure runs no initialiser at all; the class's own static
 * initialiser touching itself or its superclasses, which are initialised by then; and a class the calling
 * code cannot name (a public static member inherited from a class of another package).
 */
final class ClassInitTriggerVisitor extends MethodVisitor {
    private final MethodContext ctx;

    ClassInitTriggerVisitor(MethodVisitor next, MethodContext ctx) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == Opcodes.NEW) {
            trigger(type);
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC) {
            ClassHierarchy.Member field = ctx.hierarchy.resolveField(owner, name);
            if (field != null) {
                trigger(field.owner().name());
            }
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESTATIC && !owner.startsWith("[")) {
            ClassHierarchy.Member method = ctx.hierarchy.resolveMethod(owner, name, descriptor);
            if (method != null) {
                trigger(method.owner().name());
            }
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    private void trigger(String type) {
        if (ctx.facts.initialisation(type) == ClassFacts.Initialiser.NONE || initialisedBeforeThisInitialiser(type) || !nameable(type)) {
            return;
        }
        mv.visitLdcInsn(Type.getObjectType(type));
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "classInit", "(Ljava/lang/Class;I)V");
    }

    private boolean initialisedBeforeThisInitialiser(String type) {
        if (!ctx.name.equals("<clinit>")) {
            return false;
        }
        for (ClassHierarchy.ClassInfo c = ctx.hierarchy.info(ctx.owner); c != null; c = c.superName() == null ? null : ctx.hierarchy.info(c.superName())) {
            if (c.name().equals(type)) {
                return true;
            }
        }
        return false;
    }

    private boolean nameable(String type) {
        ClassHierarchy.ClassInfo info = ctx.hierarchy.info(type);
        return info != null && ((info.access() & Opcodes.ACC_PUBLIC) != 0
                || ProgramClasses.packageOf(type).equals(ProgramClasses.packageOf(ctx.owner)));
    }
}
