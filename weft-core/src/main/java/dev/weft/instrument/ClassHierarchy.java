package dev.weft.instrument;

import dev.weft.jdk.JdkApi;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Superclasses, interfaces, fields and methods of program, modelled and JDK classes, read from class
 * file bytes (program classpath, Weft's classpath, JDK via the platform loader) without loading any class.
 */
final class ClassHierarchy {
    static final String OBJECT = "java/lang/Object";

    /** What instrumentation needs to know about one class. */
    record ClassInfo(String name, String superName, List<String> interfaces, int access,
                     Map<String, Integer> fields, Map<String, Integer> methods) {
        boolean isInterface() {
            return (access & Opcodes.ACC_INTERFACE) != 0;
        }
    }

    /** A field or method found by resolution: its declaring class and access flags. */
    record Member(ClassInfo owner, int access) {
        boolean is(int flag) {
            return (access & flag) != 0;
        }
    }

    /** Cached for classes neither the program nor the JDK has. */
    private static final ClassInfo MISSING = new ClassInfo("", null, List.of(), 0, Map.of(), Map.of());

    private final Function<String, byte[]> programClassBytes;
    private final Map<String, ClassInfo> cache = new ConcurrentHashMap<>();
    private final Map<String, Boolean> mayHoldState = new ConcurrentHashMap<>();

    /** @param programClassBytes class file bytes of a program class by internal name, or null */
    ClassHierarchy(Function<String, byte[]> programClassBytes) {
        this.programClassBytes = programClassBytes;
    }

    /** The class, or null if neither the program nor the JDK has it. */
    ClassInfo info(String internalName) {
        ClassInfo info = cache.computeIfAbsent(internalName, name -> {
            byte[] bytes = classBytes(name);
            return bytes == null ? MISSING : read(bytes);
        });
        return info == MISSING ? null : info;
    }

    /** The class file of a program, modelled or JDK class, or null if there is none. */
    byte[] classBytes(String internalName) {
        return ProgramClasses.isProgramClass(internalName) ? programClassBytes.apply(internalName)
                : ProgramClasses.isModelled(internalName) ? ProgramClasses.modelledClassBytes(internalName) : jdkClassBytes(internalName);
    }

    private static byte[] jdkClassBytes(String internalName) {
        try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(internalName + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }

    private static ClassInfo read(byte[] bytes) {
        ClassReader reader = new ClassReader(bytes);
        Map<String, Integer> fields = new HashMap<>();
        Map<String, Integer> methods = new HashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
                fields.put(name, access);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                methods.put(name + descriptor, access);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(reader.getClassName(), reader.getSuperName(), List.of(reader.getInterfaces()), reader.getAccess(), fields, methods);
    }

    /** The field as the JVM resolves it (JVMS 5.4.3.2: the class, its superinterfaces, then its superclass), or null. */
    Member resolveField(String owner, String name) {
        ClassInfo info = info(owner);
        if (info == null) {
            return null;
        }
        Integer access = info.fields().get(name);
        if (access != null) {
            return new Member(info, access);
        }
        for (String itf : info.interfaces()) {
            Member found = resolveField(itf, name);
            if (found != null) {
                return found;
            }
        }
        return info.superName() == null ? null : resolveField(info.superName(), name);
    }

    /** The method as the JVM resolves it (JVMS 5.4.3.3/4: superclasses first, then superinterfaces), or null. */
    Member resolveMethod(String owner, String name, String descriptor) {
        String key = name + descriptor;
        for (ClassInfo c = info(owner); c != null; c = c.superName() == null ? null : info(c.superName())) {
            Integer access = c.methods().get(key);
            if (access != null) {
                return new Member(c, access);
            }
        }
        Deque<String> pending = new ArrayDeque<>(List.of(owner));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            ClassInfo c = info(pending.poll());
            if (c == null || !seen.add(c.name())) {
                continue;
            }
            if (c.isInterface()) {
                Integer access = c.methods().get(key);
                if (access != null && (access & Opcodes.ACC_STATIC) == 0) {
                    return new Member(c, access);
                }
            }
            pending.addAll(c.interfaces());
            if (c.superName() != null) {
                pending.add(c.superName());
            }
        }
        return null;
    }

    /** Whether a variable of type {@code type} (internal name) may hold a JDK object whose state Weft follows ({@link JdkApi#mayHoldState}). */
    boolean mayHoldState(String type) {
        return mayHoldState.computeIfAbsent(type, t -> JdkApi.mayHoldState(t, this::isSubtype));
    }

    /** True if {@code type} is {@code ancestor} or extends or implements it. */
    boolean isSubtype(String type, String ancestor) {
        if (type.equals(ancestor)) {
            return true;
        }
        ClassInfo info = info(type);
        if (info == null) {
            return false;
        }
        if (info.superName() != null && isSubtype(info.superName(), ancestor)) {
            return true;
        }
        for (String itf : info.interfaces()) {
            if (isSubtype(itf, ancestor)) {
                return true;
            }
        }
        return false;
    }

    /** For frame computation: the nearest common superclass, interfaces meeting at Object. */
    String commonSuperClass(String a, String b) {
        if (isSubtype(a, b)) {
            return b;
        }
        if (isSubtype(b, a)) {
            return a;
        }
        ClassInfo first = info(a);
        ClassInfo second = info(b);
        if (first == null || second == null || first.isInterface() || second.isInterface()) {
            return OBJECT;
        }
        List<String> ancestors = new ArrayList<>();
        for (ClassInfo c = first; c != null; c = c.superName() == null ? null : info(c.superName())) {
            ancestors.add(c.name());
        }
        for (ClassInfo c = second; c != null; c = c.superName() == null ? null : info(c.superName())) {
            if (ancestors.contains(c.name())) {
                return c.name();
            }
        }
        return OBJECT;
    }
}
