package dev.weft.instrument;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The bridge methods of one class being instrumented: static methods that a lambda's or method
 * reference's hidden class calls instead of the implementation the class names (see
 * {@link MethodReferenceVisitor}), so that the call to the implementation is made in instrumented code.
 *
 * <p>Two reasons to bridge. A JDK implementation ({@code counter::incrementAndGet}) would be called where
 * no hook sees it. And calling a static method or constructor of a class whose initialisation is modelled
 * makes the JVM initialise that class, or wait inside the JVM for another thread that initialises it,
 * which the scheduler would not see: the bridge's own call is preceded by the {@code classInit} hook. Such
 * a bridge must not be a static method of a class whose initialisation is modelled itself, for calling it
 * would do the same: it goes into the class's <em>companion</em>, {@code Host$$WeftBridges}, a class of
 * the same package without an initialiser. A private static method or constructor of the host that a
 * companion bridge calls loses its {@code private} (an interface's becomes public), so the companion can
 * call it. Where the companion cannot reach the implementation, the host keeps a JDK implementation's
 * bridge and leaves a program one as it is.
 */
final class Bridges {
    static final String COMPANION_SUFFIX = "$$WeftBridges";

    /** Where a bridge for an implementation goes. */
    private enum Place { NONE, HOST, COMPANION }

    private final ClassNode host;
    private final ClassHierarchy hierarchy;
    private final ClassFacts facts;
    private final boolean companionAllowed;
    /** Bridges by the implementation and their own descriptor (the captured values' types differ between call sites). */
    private final Map<List<Object>, Bridge> inHost = new LinkedHashMap<>();
    private final Map<List<Object>, Bridge> inCompanion = new LinkedHashMap<>();
    /** Methods of the host (name + descriptor) a companion bridge calls, which lose their {@code private}. */
    private final Set<String> opened = new HashSet<>();

    /** @param companionAllowed false where no companion class can be defined (a JVM started with Weft's agent) */
    Bridges(ClassNode host, ClassHierarchy hierarchy, ClassFacts facts, boolean companionAllowed) {
        this.host = host;
        this.hierarchy = hierarchy;
        this.facts = facts;
        this.companionAllowed = companionAllowed;
        for (MethodNode method : host.methods) {
            for (AbstractInsnNode insn : method.instructions) {
                Handle implementation = insn instanceof InvokeDynamicInsnNode indy
                        ? MethodReferenceVisitor.implementation(indy.bsm, indy.bsmArgs) : null;
                if (implementation != null && implementation.getOwner().equals(host.name) && place(implementation) == Place.COMPANION
                        && isPrivate(implementation)) {
                    opened.add(implementation.getName() + implementation.getDesc());
                }
            }
        }
    }

    static String companionOf(String host) {
        return host + COMPANION_SUFFIX;
    }

    static boolean isCompanion(String internalName) {
        return internalName.endsWith(COMPANION_SUFFIX);
    }

    String companion() {
        return companionOf(host.name);
    }

    /** The access flags the host's method keeps: without {@code private} if a companion bridge calls it. */
    int access(String name, String descriptor, int access) {
        if (!opened.contains(name + descriptor)) {
            return access;
        }
        return access & ~Opcodes.ACC_PRIVATE | (isInterface() ? Opcodes.ACC_PUBLIC : 0);
    }

    /**
     * The handle the metafactory gets for {@code implementation}, at a call site whose factory type is {@code factoryType}:
     * a bridge's, or the implementation's own.
     */
    Handle replace(Handle implementation, String factoryType, int loc) {
        Place place = place(implementation);
        if (place == Place.NONE) {
            return implementation;
        }
        Map<List<Object>, Bridge> bridges = place == Place.HOST ? inHost : inCompanion;
        String descriptor = Bridge.descriptor(implementation, Type.getArgumentTypes(factoryType));
        Bridge known = bridges.computeIfAbsent(List.of(implementation, descriptor),
                key -> new Bridge("weft$bridge$" + bridges.size(), descriptor, implementation, loc));
        boolean hostMethod = place == Place.HOST;
        return new Handle(Opcodes.H_INVOKESTATIC, hostMethod ? host.name : companion(), known.name(), known.descriptor(),
                hostMethod && isInterface());
    }

    Iterable<Bridge> inHost() {
        return inHost.values();
    }

    Iterable<Bridge> inCompanion() {
        return inCompanion.values();
    }

    boolean needsCompanion() {
        return !inCompanion.isEmpty();
    }

    private Place place(Handle implementation) {
        boolean jdk = !ProgramClasses.isInstrumented(implementation.getOwner());
        boolean reachable = companionAllowed && reachableFromCompanion(implementation);
        if (jdk) {
            return reachable && facts.initialisation(host.name) == ClassFacts.Initialiser.MODELLED ? Place.COMPANION : Place.HOST;
        }
        boolean initialises = implementation.getTag() == Opcodes.H_INVOKESTATIC || implementation.getTag() == Opcodes.H_NEWINVOKESPECIAL;
        return initialises && reachable && facts.initialisation(implementation.getOwner()) == ClassFacts.Initialiser.MODELLED
                ? Place.COMPANION : Place.NONE;
    }

    /** Whether a class of the host's package can call the implementation (the host's own private methods once opened). */
    private boolean reachableFromCompanion(Handle implementation) {
        String owner = implementation.getOwner();
        ClassHierarchy.ClassInfo info = hierarchy.info(owner);
        if (info == null || !(isPublic(info.access()) || samePackage(owner))) {
            return false;
        }
        Integer access = memberAccess(implementation);
        if (access == null) {
            return false;
        }
        if ((access & Opcodes.ACC_PRIVATE) != 0) {
            boolean staticOrConstructor = (access & Opcodes.ACC_STATIC) != 0 || implementation.getName().equals("<init>");
            return owner.equals(host.name) && staticOrConstructor;
        }
        return isPublic(access) || samePackage(memberOwner(implementation));
    }

    private boolean isPrivate(Handle implementation) {
        Integer access = memberAccess(implementation);
        return access != null && (access & Opcodes.ACC_PRIVATE) != 0;
    }

    private Integer memberAccess(Handle implementation) {
        if (implementation.getName().equals("<init>")) {
            ClassHierarchy.ClassInfo info = hierarchy.info(implementation.getOwner());
            return info == null ? null : info.methods().get("<init>" + implementation.getDesc());
        }
        ClassHierarchy.Member member = hierarchy.resolveMethod(implementation.getOwner(), implementation.getName(), implementation.getDesc());
        return member == null ? null : member.access();
    }

    private String memberOwner(Handle implementation) {
        if (implementation.getName().equals("<init>")) {
            return implementation.getOwner();
        }
        return hierarchy.resolveMethod(implementation.getOwner(), implementation.getName(), implementation.getDesc()).owner().name();
    }

    private boolean samePackage(String other) {
        return ProgramClasses.packageOf(other).equals(ProgramClasses.packageOf(host.name));
    }

    private static boolean isPublic(int access) {
        return (access & Opcodes.ACC_PUBLIC) != 0;
    }

    private boolean isInterface() {
        return (host.access & Opcodes.ACC_INTERFACE) != 0;
    }
}
