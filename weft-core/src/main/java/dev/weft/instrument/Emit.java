package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Small bytecode idioms the visitors share. */
final class Emit {
    static final String HOOKS = "dev/weft/runtime/hooks/Hooks";
    static final String SUPPORT = "dev/weft/instrument/support/RunSupport";

    private Emit() {
    }

    static void push(MethodVisitor mv, int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            mv.visitLdcInsn(value);
        }
    }

    static void push(MethodVisitor mv, boolean value) {
        mv.visitInsn(value ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
    }

    static void hook(MethodVisitor mv, String name, String descriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, name, descriptor, false);
    }

    static void support(MethodVisitor mv, String name, String descriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, name, descriptor, false);
    }

    /** The type a hook takes or returns for a value of {@code type}: sub-int types as int, every reference as Object. */
    static Type hookType(Type type) {
        return switch (type.getSort()) {
            case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT, Type.INT -> Type.INT_TYPE;
            case Type.OBJECT, Type.ARRAY -> Type.getType(Object.class);
            default -> type;
        };
    }

    /** After a hook returned {@code type}'s hook type: narrow or cast back to {@code type}. */
    static void restoreType(MethodVisitor mv, Type type) {
        switch (type.getSort()) {
            case Type.BYTE -> mv.visitInsn(Opcodes.I2B);
            case Type.CHAR -> mv.visitInsn(Opcodes.I2C);
            case Type.SHORT -> mv.visitInsn(Opcodes.I2S);
            case Type.OBJECT, Type.ARRAY -> {
                if (!type.getInternalName().equals(ClassHierarchy.OBJECT)) {
                    mv.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
                }
            }
            default -> {
            }
        }
    }

    /** The load result passes through afterLoad, which may replace it (a thread's own buffered write). */
    static void afterLoad(MethodVisitor mv, Type type) {
        Type hookType = hookType(type);
        hook(mv, "afterLoad", Type.getMethodDescriptor(hookType, hookType));
        restoreType(mv, type);
    }

    /** A primitive on the stack as its box ({@code Integer.valueOf} ...); a reference stays as it is. */
    static void box(MethodVisitor mv, Type type) {
        String box = switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.CHAR -> "java/lang/Character";
            case Type.BYTE -> "java/lang/Byte";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.LONG -> "java/lang/Long";
            case Type.FLOAT -> "java/lang/Float";
            case Type.DOUBLE -> "java/lang/Double";
            default -> null;
        };
        if (box != null) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, box, "valueOf", Type.getMethodDescriptor(Type.getObjectType(box), type), false);
        }
    }

    /**
     * A boxed value on the stack as {@code type}: unboxed for a primitive (numbers through {@code Number}, so
     * that a value read as a wider type widens), cast for a reference, popped for void.
     */
    static void unbox(MethodVisitor mv, Type type) {
        switch (type.getSort()) {
            case Type.VOID -> mv.visitInsn(Opcodes.POP);
            case Type.BOOLEAN -> unboxed(mv, "java/lang/Boolean", "booleanValue", type);
            case Type.CHAR -> unboxed(mv, "java/lang/Character", "charValue", type);
            case Type.OBJECT, Type.ARRAY -> restoreType(mv, type);
            default -> unboxed(mv, "java/lang/Number", type.getClassName() + "Value", type);
        }
    }

    private static void unboxed(MethodVisitor mv, String box, String method, Type type) {
        mv.visitTypeInsn(Opcodes.CHECKCAST, box);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box, method, Type.getMethodDescriptor(type), false);
    }

    static void pop(MethodVisitor mv, Type type) {
        mv.visitInsn(type.getSize() == 2 ? Opcodes.POP2 : Opcodes.POP);
    }

    /** Stores the top {@code types.length} stack values (last type on top) into fresh locals; returns their slots. */
    static int[] storeAll(MethodVisitor mv, MethodContext ctx, Type[] types) {
        int[] slots = new int[types.length];
        for (int i = types.length - 1; i >= 0; i--) {
            slots[i] = ctx.scratchLocal(types[i]);
            mv.visitVarInsn(types[i].getOpcode(Opcodes.ISTORE), slots[i]);
        }
        return slots;
    }

    static void loadAll(MethodVisitor mv, Type[] types, int[] slots) {
        for (int i = 0; i < types.length; i++) {
            mv.visitVarInsn(types[i].getOpcode(Opcodes.ILOAD), slots[i]);
        }
    }
}
