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
 * ForkJoinPool's code is never instrumented (Weft's model stands for it), so a JDK class Weft instruments must not call
 * into it on the program's behalf, where a park would escape Weft's control: the one blocking call the instrumented classes
 * make, AbstractQueuedSynchronizer's condition waits' {@code managedBlock} (JDK 17 and 25), is {@link JdkParkVisitor}'s,
 * which hands it to the bridge. A JDK version whose instrumented classes call anything else of the pool fails here.
 */
class JdkPoolCallsTest {
    private static final String POOL = "java/util/concurrent/ForkJoinPool";

    @Test
    void theInstrumentedClassesCallNothingOfForkJoinPoolButManagedBlock() throws IOException {
        Set<String> calls = new TreeSet<>();
        for (Class<?> type : JdkClasses.classes(JdkClasses.entries())) {
            calls.addAll(poolCalls(type));
        }
        // ConcurrentHashMap's bulk operations read the common pool's parallelism: a number, no park, no program code.
        assertEquals(Set.of(POOL + ".managedBlock(Ljava/util/concurrent/ForkJoinPool$ManagedBlocker;)V", POOL + ".getCommonPoolParallelism()I"),
                calls);
    }

    private static Set<String> poolCalls(Class<?> type) throws IOException {
        Set<String> calls = new TreeSet<>();
        try (InputStream in = ClassLoader.getSystemResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                            if (owner.equals(POOL)) {
                                calls.add(owner + "." + method + desc);
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG);
        }
        return calls;
    }
}
