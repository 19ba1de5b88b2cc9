package dev.weft.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * What instrumentation needs to know about a class from its code, decided once per class: what kind of
 * static initialiser it has, and whether its constructors may let {@code this} escape.
 *
 * <p>A static initialiser is <em>pure</em> when whichever thread runs it, whenever, it does the same and
 * nobody sees it happen: it touches only its own class's static fields and arrays it made, and calls only
 * JDK methods that keep to their arguments (strings, boxes, collections, {@code Math} without random,
 * {@code Class.desiredAssertionStatus} for {@code assert}), creating lambdas or concatenating strings at
 * most. Such an initialiser gets no scheduling point, and its class's initialisation is not modelled: the
 * JVM runs it inside one step. Every other initialiser is <em>modelled</em> (see the runtime's {@code ClassInits}).
 */
final class ClassFacts {
    /** The static initialiser of a class, as far as the runtime is concerned. */
    enum Initialiser {
        /** The class has none: its initialisation does nothing but initialise its supertypes. */
        NONE,
        /** One that runs in one step whoever runs it; see the class comment. */
        PURE,
        /** Any other: which thread runs it, and when others wait for it, is modelled. */
        MODELLED
    }

    private static final String[] KEEPING_TO_THEIR_ARGUMENTS = {"java/lang/String", "java/lang/StringBuilder",
            "java/lang/Integer", "java/lang/Long", "java/lang/Short", "java/lang/Byte", "java/lang/Character", "java/lang/Boolean",
            "java/lang/Double", "java/lang/Float", "java/lang/Number", "java/lang/Math", "java/util/List", "java/util/Set",
            "java/util/Map", "java/util/Arrays", "java/util/Collections", "java/util/ArrayList", "java/util/LinkedList",
            "java/util/HashMap", "java/util/HashSet", "java/util/LinkedHashMap", "java/util/LinkedHashSet", "java/util/TreeMap",
            "java/util/TreeSet", "java/util/ArrayDeque", "java/util/Objects", "java/util/Optional"};
    private static final Set<String> PURE_BOOTSTRAPS = Set.of("java/lang/invoke/LambdaMetafactory",
            "java/lang/invoke/StringConcatFactory");

    private final ClassHierarchy hierarchy;
    private final Map<String, Initialiser> initialisers = new ConcurrentHashMap<>();
    private final Map<String, Boolean> leaks = new ConcurrentHashMap<>();

    ClassFacts(ClassHierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    /** The kind of the class's own static initialiser (NONE for a class Weft does not instrument or cannot find). */
    Initialiser initialiser(String className) {
        return initialisers.computeIfAbsent(className, name -> {
            MethodNode init = ProgramClasses.isInstrumented(name) ? method(name, "<clinit>") : null;
            return init == null ? Initialiser.NONE : isPure(name, init) ? Initialiser.PURE : Initialiser.MODELLED;
        });
    }

    /**
     * The classes whose initialisers the JVM may run when it initialises {@code className} (JVMS 5.5): the
     * class; for a class, also its superclasses and the superinterfaces that declare a method with a body.
     * Program classes only.
     */
    List<String> initialisedWith(String className) {
        List<String> classes = new ArrayList<>();
        ClassHierarchy.ClassInfo info = hierarchy.info(className);
        if (info == null || !ProgramClasses.isInstrumented(className)) {
            return classes;
        }
        classes.add(className);
        if (!info.isInterface()) {
            for (ClassHierarchy.ClassInfo c = info; c != null; c = c.superName() == null ? null : hierarchy.info(c.superName())) {
                if (c != info && ProgramClasses.isInstrumented(c.name())) {
                    classes.add(c.name());
                }
                addInterfacesWithBodies(c, classes);
            }
        }
        return classes;
    }

    private void addInterfacesWithBodies(ClassHierarchy.ClassInfo c, List<String> into) {
        for (String name : c.interfaces()) {
            ClassHierarchy.ClassInfo itf = hierarchy.info(name);
            if (itf == null || into.contains(name) || !ProgramClasses.isInstrumented(name)) {
                continue;
            }
            addInterfacesWithBodies(itf, into);
            boolean hasBody = itf.methods().values().stream()
                    .anyMatch(access -> (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_STATIC)) == 0);
            if (hasBody) {
                into.add(name);
            }
        }
    }

    /** The strongest initialiser kind among the classes the JVM may initialise with {@code className}. */
    Initialiser initialisation(String className) {
        Initialiser strongest = Initialiser.NONE;
        for (String c : initialisedWith(className)) {
            Initialiser kind = initialiser(c);
            if (kind.compareTo(strongest) > 0) {
                strongest = kind;
            }
        }
        return strongest;
    }

    /**
     * Whether {@code this} may escape from a constructor of the class or of one of its program superclasses
     * before the constructor returns: stored anywhere (its own fields included), passed to a method or
     * constructor (other than as the object the super or this constructor call initialises), made the
     * receiver of a call, captured by a lambda, or thrown. Conservative: any such use counts.
     */
    boolean constructorsMayLeakThis(String className) {
        Boolean known = leaks.get(className);
        if (known != null) {
            return known;
        }
        boolean leak = false;
        ClassHierarchy.ClassInfo info = hierarchy.info(className);
        if (info != null && ProgramClasses.isInstrumented(className)) {
            leak = info.superName() != null && constructorsMayLeakThis(info.superName());
            for (MethodNode constructor : methods(className, "<init>")) {
                leak |= ThisEscape.escapes(className, constructor);
            }
        }
        leaks.put(className, leak);
        return leak;
    }

    private MethodNode method(String className, String name) {
        List<MethodNode> found = methods(className, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private List<MethodNode> methods(String className, String name) {
        byte[] bytes = hierarchy.classBytes(className);
        List<MethodNode> found = new ArrayList<>();
        if (bytes == null) {
            return found;
        }
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        for (MethodNode m : node.methods) {
            if (m.name.equals(name)) {
                found.add(m);
            }
        }
        return found;
    }

    private static boolean isPure(String className, MethodNode init) {
        for (AbstractInsnNode insn : init.instructions) {
            if (!isPure(className, insn)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isPure(String className, AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.GETSTATIC, Opcodes.PUTSTATIC -> ((FieldInsnNode) insn).owner.equals(className);
            case Opcodes.GETFIELD, Opcodes.PUTFIELD, Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> false;
            case Opcodes.NEW -> keepsToItsArguments(((TypeInsnNode) insn).desc) || ((TypeInsnNode) insn).desc.equals(ClassHierarchy.OBJECT);
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE -> isPureCall((MethodInsnNode) insn);
            case Opcodes.INVOKEDYNAMIC -> PURE_BOOTSTRAPS.contains(((InvokeDynamicInsnNode) insn).bsm.getOwner());
            case Opcodes.LDC -> !(((LdcInsnNode) insn).cst instanceof ConstantDynamic);
            default -> true;
        };
    }

    private static boolean isPureCall(MethodInsnNode call) {
        if (call.owner.equals(ClassHierarchy.OBJECT)) {
            return call.name.equals("<init>");
        }
        if (call.owner.equals("java/lang/Class")) {
            return call.name.equals("desiredAssertionStatus");
        }
        return keepsToItsArguments(call.owner) && !call.name.equals("random");
    }

    private static boolean keepsToItsArguments(String owner) {
        for (String c : KEEPING_TO_THEIR_ARGUMENTS) {
            if (c.equals(owner)) {
                return true;
            }
        }
        return false;
    }
}
