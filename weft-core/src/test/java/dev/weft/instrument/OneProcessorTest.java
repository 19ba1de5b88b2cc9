package dev.weft.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The JDK code Weft instruments asks for the processor count when its classes are initialised only where
 * {@link OneProcessorVisitor} knows the fields it derives (on the running JDK: 17 and 25 differ): a class missed here
 * would spin on as on a multiprocessor and reach the loop bound.
 */
class OneProcessorTest {
    @Test
    void everyClassInitialiserThatCountsProcessorsIsKnown() throws IOException {
        Set<String> counting = new TreeSet<>();
        for (Class<?> type : JdkClasses.classes(JdkClasses.entries())) {
            if (initialiserCountsProcessors(type)) {
                counting.add(type.getName().replace('.', '/'));
            }
        }
        Set<String> known = new TreeSet<>();
        for (String field : OneProcessorVisitor.ON_ONE_PROCESSOR.keySet()) {
            String owner = field.substring(0, field.indexOf('.'));
            if (isStatic(owner, field.substring(field.indexOf('.') + 1))) {
                known.add(owner);
            }
        }
        assertEquals(Set.of(), difference(counting, known), "not in OneProcessorVisitor.ON_ONE_PROCESSOR");
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }

    private static boolean isStatic(String owner, String name) {
        try {
            return java.lang.reflect.Modifier.isStatic(Class.forName(owner.replace('/', '.'), false, null).getDeclaredField(name).getModifiers());
        } catch (ReflectiveOperationException e) {
            return false; // a field of the other JDK version
        }
    }

    private static boolean initialiserCountsProcessors(Class<?> type) throws IOException {
        boolean[] found = new boolean[1];
        try (InputStream in = ClassLoader.getSystemResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    if (!name.equals("<clinit>")) {
                        return null;
                    }
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                            found[0] |= owner.equals("java/lang/Runtime") && method.equals("availableProcessors");
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG);
        }
        return found[0];
    }
}
