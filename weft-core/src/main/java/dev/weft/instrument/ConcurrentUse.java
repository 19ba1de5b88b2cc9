package dev.weft.instrument;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * The {@code java.util.concurrent} entries of {@link JdkClasses} a program uses: those its classes reachable from the one
 * it starts at name (in any type, descriptor or call). A check instruments them without being asked, since the JDK's own
 * code of those classes is the only faithful model of them Weft has.
 */
final class ConcurrentUse {
    private ConcurrentUse() {
    }

    /** @param classBytes a program class's file by internal name, null for a class not on the program's class path */
    static Set<String> of(String startClass, Function<String, byte[]> classBytes) {
        Set<String> entries = new TreeSet<>();
        Set<String> seen = new HashSet<>();
        Deque<String> pending = new ArrayDeque<>();
        pending.add(startClass.replace('.', '/'));
        while (!pending.isEmpty()) {
            String name = pending.poll();
            byte[] bytes = seen.add(name) && !ProgramClasses.isModelled(name) ? classBytes.apply(name) : null;
            if (bytes == null) {
                continue;
            }
            for (String named : typesNamed(bytes)) {
                String outer = named.contains("$") ? named.substring(0, named.indexOf('$')) : named;
                String entry = outer.replace('/', '.');
                if (JdkClasses.instrumentedWhenUsed(entry)) {
                    entries.add(entry);
                } else if (!seen.contains(named)) {
                    pending.add(named);
                }
            }
        }
        return entries;
    }

    /** Every class a class file names (internal names). */
    private static Set<String> typesNamed(byte[] bytes) {
        Set<String> names = new HashSet<>();
        Remapper recorder = new Remapper() {
            @Override
            public String map(String internalName) {
                names.add(internalName);
                return internalName;
            }
        };
        ClassVisitor bodies = new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) { // the remapper reads a method's body only when it has a visitor
                };
            }
        };
        new ClassReader(bytes).accept(new ClassRemapper(bodies, recorder), ClassReader.SKIP_FRAMES);
        return names;
    }
}
