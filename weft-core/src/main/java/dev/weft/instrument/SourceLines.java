package dev.weft.instrument;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Whether a class file has code on a line of a source file, read from its line number tables. */
final class SourceLines {
    private SourceLines() {
    }

    static boolean has(byte[] classFile, String sourceFile, int line) {
        boolean[] found = {false};
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            private boolean sameFile;

            @Override
            public void visitSource(String source, String debug) {
                sameFile = sourceFile.equals(source);
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return !sameFile ? null : new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitLineNumber(int number, Label start) {
                        found[0] |= number == line;
                    }
                };
            }
        }, ClassReader.SKIP_FRAMES);
        return found[0];
    }
}
