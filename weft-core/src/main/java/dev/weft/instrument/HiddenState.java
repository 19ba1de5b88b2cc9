package dev.weft.instrument;

import dev.weft.jdk.JdkApi;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Which instructions may leave state behind that Weft does not record, for the purity of loops
 * ({@link LoopFinder}). Field and array accesses, monitors and the calls the runtime turns into
 * events (atomics, locks, conditions, park, wait/notify, yield, sleep) are recorded. Not recorded:
 * an allocation (a new object's identity and the thread's allocation count), an
 * {@code invokedynamic} (lambdas, string concatenation), and a call that may reach any of these
 * or a JDK method that is neither free of side effects ({@link JdkApi#isSideEffectFree}) nor a
 * call on a JDK collection whose effects the runtime sees ({@link JdkApi#effectsAreSeen}). Time is
 * not state here: a sleep advances the thread's logical clock, which Weft does not explore as a
 * value.
 *
 * <p>A call is followed into every method it may reach: a program method by its code, by the same
 * rules (one on the way counts as clean, so recursion is fine); a virtual call into each program
 * class below the receiver's type that the call may dispatch to (class hierarchy analysis over
 * the classpath, {@link ProgramSubtypes}). A call on an interface a lambda could implement, into a
 * class the run does not instrument, or where the classes cannot be listed, may hide state.
 * Assumed: program objects are instances of the program's class files (no dynamic proxies or
 * classes generated at run time).
 */
final class HiddenState {
    private final ClassHierarchy hierarchy;
    private final Function<String, byte[]> classBytes;
    private final Predicate<String> instrumented;
    private final ProgramSubtypes subtypes;
    /** JDK methods ("owner.name") taken as leaving no state (see {@link #forJdk}). */
    private final Set<String> assumedClean;
    /** Program methods ("owner.name+descriptor") known clean or not. */
    private final Map<String, Boolean> known = new HashMap<>();
    private final Map<String, ClassNode> code = new HashMap<>();
    /** During one question: methods on the way (assumed clean), and methods found clean meanwhile. */
    private final Set<String> onTheWay = new HashSet<>();
    private final Set<String> tentative = new HashSet<>();

    /**
     * @param classBytes   the original class file of an instrumented class
     * @param instrumented whether a class is one each run instruments (program or model, not shared with a test framework)
     */
    HiddenState(ClassHierarchy hierarchy, Function<String, byte[]> classBytes, Predicate<String> instrumented, ProgramSubtypes subtypes) {
        this(hierarchy, classBytes, instrumented, subtypes, Set.of());
    }

    private HiddenState(ClassHierarchy hierarchy, Function<String, byte[]> classBytes, Predicate<String> instrumented, ProgramSubtypes subtypes,
                        Set<String> assumedClean) {
        this.hierarchy = hierarchy;
        this.classBytes = classBytes;
        this.instrumented = instrumented;
        this.subtypes = subtypes;
        this.assumedClean = assumedClean;
    }

    /**
     * The same questions about the loops of instrumented JDK code, whose calls into the other instrumented JDK classes are
     * followed by their code (and their virtual calls into each instrumented class below). Taken as clean besides: the
     * current thread and its id, the interrupt checks and spin hints (events in JDK code, see {@code JdkParkVisitor}),
     * the clock (a deadline is a local; a timed park that times out is no clean step), a park's blocker (a diagnostic
     * field) and
     * {@code ForkJoinPool.managedBlock}, which for a thread of no pool only asks its blocker (instrumented code) to block.
     */
    HiddenState forJdk(Set<String> instrumentedJdk) {
        return new HiddenState(hierarchy, hierarchy::classBytes, instrumentedJdk::contains, subtypes.with(instrumentedJdk),
                Set.of("java/lang/Thread.currentThread", "java/lang/Thread.interrupted", "java/lang/Thread.isInterrupted",
                        "java/lang/Thread.onSpinWait", "java/util/concurrent/locks/LockSupport.setCurrentBlocker",
                        "java/util/concurrent/ForkJoinPool.managedBlock", "java/lang/Thread.getId", "java/lang/Thread.threadId",
                        "java/lang/System.nanoTime"));
    }

    /** Whether {@code insn}, an instruction of a method of class {@code owner}, may leave state behind that no event records. */
    synchronized boolean leavesState(String owner, AbstractInsnNode insn) {
        boolean outermost = onTheWay.isEmpty();
        boolean leaves = leaves(owner, insn);
        if (outermost) {
            if (!leaves) {
                tentative.forEach(m -> known.put(m, true));
            }
            tentative.clear();
        }
        return leaves;
    }

    private boolean leaves(String caller, AbstractInsnNode insn) {
        return switch (insn.getOpcode()) {
            case Opcodes.NEW, Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY, Opcodes.INVOKEDYNAMIC -> true;
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE -> !callIsClean(caller, (MethodInsnNode) insn);
            default -> false;
        };
    }

    private boolean callIsClean(String caller, MethodInsnNode call) {
        if (call.owner.startsWith("[") || call.name.equals("<init>")) {
            return false; // an array's clone, or a constructor (after a new, or a super call: construction state)
        }
        ClassHierarchy.Member target = hierarchy.resolveMethod(call.owner, call.name, call.desc);
        if (target == null && call.owner.equals("java/lang/invoke/VarHandle")) {
            return isRecordedJdkCall(call); // signature polymorphic: no method has the call's descriptor
        }
        if (target == null || !targetIsClean(caller, call, target)) {
            return false;
        }
        boolean virtual = call.getOpcode() == Opcodes.INVOKEVIRTUAL || call.getOpcode() == Opcodes.INVOKEINTERFACE;
        if (!virtual || target.is(Opcodes.ACC_FINAL) || target.is(Opcodes.ACC_PRIVATE) || isFinalClass(call.owner)) {
            return true;
        }
        return !mayBeLambda(call.owner) && overridesAreClean(caller, call);
    }

    /**
     * The method the call resolves to statically: a program method by its code; a JDK method by the
     * table or as an event. A call on a JDK collection is an event or tells the runtime of its change
     * ({@link JdkApi#effectsAreSeen}), but not from Weft's models of JDK classes, whose own JDK
     * objects the runtime does not follow.
     */
    private boolean targetIsClean(String caller, MethodInsnNode call, ClassHierarchy.Member target) {
        String declaring = target.owner().name();
        if (assumedClean.contains(declaring + "." + call.name)) {
            return true;
        }
        if (instrumented.test(declaring)) {
            return methodIsClean(declaring, call.name, call.desc);
        }
        if (ProgramClasses.isInstrumented(declaring)) {
            return false; // program code the run leaves uninstrumented: its accesses are not events
        }
        if (JdkApi.isSideEffectFree(declaring, call.name, call.desc)
                || !ProgramClasses.isModelled(caller) && JdkApi.effectsAreSeen(declaring, call.desc, hierarchy::isSubtype)) {
            return true;
        }
        return isRecordedJdkCall(call);
    }

    /** A JDK call the runtime turns into events. */
    private boolean isRecordedJdkCall(MethodInsnNode call) {
        JdkCallVisitor.Call jdkCall = JdkCallVisitor.resolve(hierarchy, call.getOpcode(), call.owner, call.name, call.desc, call.itf);
        return jdkCall != null && (AtomicCallVisitor.modelsAsEvent(jdkCall) || AccessModeVisitor.modelsAsEvent(jdkCall)
                || LockCallVisitor.modelsAsEvent(jdkCall)
                || ThreadCallVisitor.modelsAsEvent(jdkCall));
    }

    /** Every program class below the receiver's type dispatches the call to a clean method. */
    private boolean overridesAreClean(String caller, MethodInsnNode call) {
        Set<String> below = subtypes.below(call.owner);
        if (below == null) {
            return false;
        }
        for (String type : below) {
            ClassHierarchy.ClassInfo info = hierarchy.info(type);
            if (info == null || info.isInterface() || (info.access() & Opcodes.ACC_ABSTRACT) != 0) {
                continue; // never a receiver's class; what it inherits is resolved from its concrete subclasses
            }
            ClassHierarchy.Member override = hierarchy.resolveMethod(type, call.name, call.desc);
            if (override == null || !targetIsClean(caller, call, override)) {
                return false;
            }
        }
        return true;
    }

    private boolean methodIsClean(String owner, String name, String descriptor) {
        String key = owner + "." + name + descriptor;
        Boolean answer = known.get(key);
        if (answer != null) {
            return answer;
        }
        if (onTheWay.contains(key)) {
            return true;
        }
        MethodNode method = method(owner, name + descriptor);
        if (method == null) {
            return false;
        }
        onTheWay.add(key);
        boolean clean = (method.access & Opcodes.ACC_NATIVE) == 0;
        for (AbstractInsnNode insn : method.instructions) {
            if (clean && leaves(owner, insn)) {
                clean = false;
            }
        }
        onTheWay.remove(key);
        if (!clean) {
            known.put(key, false); // a method with hidden state has it whatever its callees turn out to be
        } else {
            tentative.add(key); // clean if the methods on the way are: known once the outermost question is answered
        }
        return clean;
    }

    private MethodNode method(String owner, String nameAndDescriptor) {
        ClassNode node = code.computeIfAbsent(owner, name -> {
            byte[] bytes = classBytes.apply(name);
            if (bytes == null) {
                return null;
            }
            ClassNode read = new ClassNode();
            new ClassReader(bytes).accept(read, ClassReader.SKIP_FRAMES | ClassReader.SKIP_DEBUG);
            return read;
        });
        if (node == null) {
            return null;
        }
        for (MethodNode m : node.methods) {
            if ((m.name + m.desc).equals(nameAndDescriptor)) {
                return m;
            }
        }
        return null;
    }

    private boolean isFinalClass(String type) {
        ClassHierarchy.ClassInfo info = hierarchy.info(type);
        return info != null && (info.access() & Opcodes.ACC_FINAL) != 0;
    }

    /** An interface with one abstract method: a lambda may implement it, in a class no class file shows. */
    private boolean mayBeLambda(String type) {
        ClassHierarchy.ClassInfo info = hierarchy.info(type);
        return info == null || info.isInterface() && abstractMethods(type, new HashSet<>()).size() == 1;
    }

    private Set<String> abstractMethods(String type, Set<String> into) {
        ClassHierarchy.ClassInfo info = hierarchy.info(type);
        if (info == null) {
            return into;
        }
        info.methods().forEach((method, access) -> {
            if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_STATIC)) == Opcodes.ACC_ABSTRACT && !isObjectMethod(method)) {
                into.add(method);
            }
        });
        info.interfaces().forEach(parent -> abstractMethods(parent, into));
        return into;
    }

    private static boolean isObjectMethod(String method) {
        return method.equals("equals(Ljava/lang/Object;)Z") || method.equals("hashCode()I") || method.equals("toString()Ljava/lang/String;");
    }
}
