package dev.weft.instrument;

import java.util.function.Consumer;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Class files written with ASM, for what javac cannot produce (old versions, oversized methods). */
final class GeneratedClass {
    private final ClassWriter writer;
    private final String name;

    /** A public class {@code name} extending Object, of the given class file version, with a static int field "count". */
    GeneratedClass(String name, int version) {
        this.name = name;
        writer = new ClassWriter(version >= Opcodes.V1_6 ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS);
        writer.visit(version, Opcodes.ACC_PUBLIC, name, null, "java/lang/Object", null);
        writer.visitField(Opcodes.ACC_STATIC, "count", "I", null, null).visitEnd();
    }

    /** Adds a static void method whose body {@code code} writes (the final return is added). */
    GeneratedClass method(int access, String method, String descriptor, Consumer<MethodVisitor> code) {
        MethodVisitor mv = writer.visitMethod(access | Opcodes.ACC_STATIC, method, descriptor, null, null);
        mv.visitCode();
        code.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        return this;
    }

    GeneratedClass main(Consumer<MethodVisitor> code) {
        return method(Opcodes.ACC_PUBLIC, "main", "([Ljava/lang/String;)V", code);
    }

    /** Emits {@code count}'s read or write. */
    void count(MethodVisitor mv, int opcode) {
        mv.visitFieldInsn(opcode, name, "count", "I");
    }

    byte[] bytes() {
        writer.visitEnd();
        return writer.toByteArray();
    }
}
