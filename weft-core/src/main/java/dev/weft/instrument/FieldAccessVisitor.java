package dev.weft.instrument;

import dev.weft.trace.FieldInfo;
import dev.weft.trace.VirtualFixes;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Field reads and writes: {@code before*} + load + {@code afterLoad}; {@code put*} decides whether
 * the store happens now. Static final fields are left alone: they are written only by their class's
 * initialiser, which the initialisation lock orders before every other thread's use. Instance final
 * fields are written only in constructors; they are left alone too unless a constructor of their class
 * (or of a superclass) may let {@code this} escape ({@link ClassFacts#constructorsMayLeakThis}): only then
 * can another thread read one before it is written (JLS 17.5). Stores into the uninitialised {@code this}
 * before the super constructor call touch an object no other thread can see and are left alone too.
 */
final class FieldAccessVisitor extends MethodVisitor {
    private final MethodContext ctx;
    private final VirtualFixes fixes;

    /** @param fixes the fields {@code --assume-volatile} makes volatile: their accesses become volatile accesses */
    FieldAccessVisitor(MethodVisitor next, MethodContext ctx, VirtualFixes fixes) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
        this.fixes = fixes;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        boolean isStatic = opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC;
        FieldInfo field = resolve(owner, name, descriptor, isStatic);
        Type type = Type.getType(descriptor);
        if (field == null || opcode == Opcodes.PUTFIELD && ctx.mayBeUninitializedThis(type.getSize())) {
            super.visitFieldInsn(opcode, owner, name, descriptor);
            return;
        }
        int loc = ctx.location();
        switch (opcode) {
            case Opcodes.GETSTATIC, Opcodes.GETFIELD -> {
                if (!isStatic) {
                    mv.visitInsn(Opcodes.DUP);
                }
                Emit.push(mv, field.id());
                Emit.push(mv, loc);
                Emit.hook(mv, isStatic ? "beforeGetStatic" : "beforeGetField", isStatic ? "(II)V" : "(Ljava/lang/Object;II)V");
                super.visitFieldInsn(opcode, owner, name, descriptor);
                Emit.afterLoad(mv, type);
            }
            case Opcodes.PUTSTATIC -> {
                mv.visitInsn(type.getSize() == 2 ? Opcodes.DUP2 : Opcodes.DUP);
                Emit.push(mv, field.id());
                Emit.push(mv, loc);
                Emit.hook(mv, "putStatic", Type.getMethodDescriptor(Type.VOID_TYPE, Emit.hookType(type), Type.INT_TYPE, Type.INT_TYPE));
                super.visitFieldInsn(opcode, owner, name, descriptor);
            }
            default -> {
                int value = ctx.scratchLocal(type);
                mv.visitVarInsn(type.getOpcode(Opcodes.ISTORE), value);
                mv.visitInsn(Opcodes.DUP);
                mv.visitVarInsn(type.getOpcode(Opcodes.ILOAD), value);
                Emit.push(mv, field.id());
                Emit.push(mv, loc);
                Emit.hook(mv, "putField", Type.getMethodDescriptor(Type.VOID_TYPE, Type.getType(Object.class),
                        Emit.hookType(type), Type.INT_TYPE, Type.INT_TYPE));
                mv.visitVarInsn(type.getOpcode(Opcodes.ILOAD), value);
                super.visitFieldInsn(opcode, owner, name, descriptor);
            }
        }
    }

    /** The field's table entry, or null for final fields no other thread can see unwritten (see the class comment). */
    private FieldInfo resolve(String owner, String name, String descriptor, boolean isStatic) {
        ClassHierarchy.Member member = ctx.hierarchy.resolveField(owner, name);
        String declaring = member == null ? owner : member.owner().name();
        boolean declaredVolatile = member != null && member.is(Opcodes.ACC_VOLATILE);
        if (member != null && member.is(Opcodes.ACC_FINAL) && (isStatic || !ctx.facts.constructorsMayLeakThis(declaring))) {
            return null;
        }
        return ctx.symbols.fields().intern(declaring, name, descriptor, isStatic, declaredVolatile || fixes.assumesVolatile(declaring, name));
    }
}
