package dev.weft.instrument;

import dev.weft.trace.AccessCall;
import dev.weft.trace.AccessMode;
import dev.weft.trace.FenceKind;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Calls that access memory with an access mode ({@link AccessCall}), which the runtime performs
 * ({@code Hooks.modedAccess}): every {@code VarHandle} access mode (the calls are signature
 * polymorphic: their arguments are boxed into an array whatever the descriptor), the atomic classes'
 * plain, opaque, acquire and release accesses and weak compare-and-sets (their volatile accesses and
 * read-modify-writes are {@link AtomicCallVisitor}'s), the methods of the atomic field updaters, and
 * {@code sun.misc.Unsafe}'s accesses to fields and array elements. Also the fences of
 * {@code VarHandle} and {@code Unsafe}, and {@code newUpdater}, which tells the runtime the field an
 * updater names. Updaters' functional updates go to {@code Hooks.updaterFunctional}, which retries them as the JDK does;
 * {@code sun.misc.Unsafe}'s park and unpark are the runtime's, its allocateInstance and ensureClassInitialized initialise
 * the class as its first use would, and its raw memory and the rest of its methods stop the run.
 */
final class AccessModeVisitor extends JdkCallVisitor {
    /** A field updater's functional updates: a get, the program's function and a compareAndSet, retried (not one access). */
    private static final Set<String> FUNCTIONAL = Set.of("getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet");
    private static final String VAR_HANDLE = "java/lang/invoke/VarHandle";
    private static final String UNSAFE = "sun/misc/Unsafe";
    /** The JDK's own Unsafe, which only JDK code can call (instrumented JDK classes, {@link JdkVisitors}). */
    private static final String JDK_UNSAFE = "jdk/internal/misc/Unsafe";
    private static final Map<String, FenceKind> FENCES = Map.of("fullFence", FenceKind.FULL, "acquireFence", FenceKind.ACQUIRE,
            "releaseFence", FenceKind.RELEASE, "loadLoadFence", FenceKind.LOAD_LOAD, "storeStoreFence", FenceKind.STORE_STORE,
            "loadFence", FenceKind.ACQUIRE, "storeFence", FenceKind.RELEASE);

    AccessModeVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    /** @param inJdk in JDK code: each access and fence is the runtime's only while the thread is in the JDK for the program */
    AccessModeVisitor(MethodVisitor next, MethodContext ctx, boolean inJdk) {
        super(next, ctx, inJdk);
    }

    private static boolean isUnsafe(String owner) {
        return owner.equals(UNSAFE) || owner.equals(JDK_UNSAFE);
    }

    /** Whether the call becomes an access the runtime performs, a fence or an Unsafe park (so that whatever it does is recorded). */
    static boolean modelsAsEvent(Call call) {
        return fence(call) != null || performsAccess(call)
                || call.declaring().equals(UNSAFE) && (call.name().equals("park") || call.name().equals("unpark"));
    }

    private static FenceKind fence(Call call) {
        boolean fencing = call.declaring().equals(VAR_HANDLE) || isUnsafe(call.declaring());
        return fencing ? FENCES.get(call.name()) : null;
    }

    private static boolean performsAccess(Call call) {
        String owner = call.declaring();
        if (owner.equals(VAR_HANDLE)) {
            return isAccessMode(call.name());
        }
        AccessCall access = AccessCall.of(owner, call.name());
        if (access == null || call.opcode() == Opcodes.INVOKESTATIC) {
            return false;
        }
        if (isUnsafe(owner)) {
            // sun.misc.Unsafe's by address too (the program's raw memory); the JDK's own keep theirs (its buffers, ...).
            // setMemory is named like a write but fills a range (RawMemory).
            return !call.name().equals("setMemory")
                    && (call.descriptor().startsWith("(Ljava/lang/Object;J") || owner.equals(UNSAFE) && call.descriptor().startsWith("(J"));
        }
        if (isFieldUpdater(owner)) {
            return !isFunctional(call.name());
        }
        boolean weaker = access.op() == AccessCall.Op.WEAK_COMPARE_AND_SET
                || access.op() != AccessCall.Op.READ_MODIFY_WRITE && access.mode() != AccessMode.VOLATILE;
        return weaker && AtomicCallVisitor.isModelledAtomic(call);
    }

    private static boolean isAccessMode(String name) {
        try {
            VarHandle.AccessMode.valueFromMethodName(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean isFieldUpdater(String owner) {
        return owner.startsWith("java/util/concurrent/atomic/Atomic") && owner.endsWith("FieldUpdater");
    }

    /** getAndUpdate, accumulateAndGet ...: they run a program function inside the JDK. */
    private static boolean isFunctional(String name) {
        return FUNCTIONAL.contains(name);
    }

    @Override
    boolean intercept(Call call) {
        if (inJdk()) {
            return interceptInJdk(call);
        }
        if (call.declaring().equals(JDK_UNSAFE)) {
            // Its methods are sun.misc.Unsafe's under other names and many more (unaligned, big-endian forms ...), and a
            // program reaches it only through --add-exports: the program is told to use sun.misc.Unsafe or a VarHandle.
            unsupported(call, call.api() + " in program code (java.base exports it to no program; sun.misc.Unsafe and VarHandle run)");
            return true;
        }
        FenceKind fence = fence(call);
        if (fence != null) {
            fence(call, fence);
        } else if (performsAccess(call) && call.declaring().equals(VAR_HANDLE)) {
            moded(call); // a VarHandle's class is the JDK's, never the program's
        } else if (performsAccess(call)) {
            replace(call, () -> moded(call));
        } else if (isFieldUpdater(call.declaring()) && call.name().equals("newUpdater")) {
            newUpdater(call);
        } else if (isFieldUpdater(call.declaring()) && isFunctional(call.name())) {
            replace(call, () -> updaterFunctional(call));
        } else if (call.declaring().equals(UNSAFE)) {
            unsafeCall(call);
        } else {
            return false;
        }
        return true;
    }

    /** JDK code: its accesses and fences as the program's, while on the program's behalf; everything else as written. */
    private boolean interceptInJdk(Call call) {
        FenceKind fence = fence(call);
        if (fence != null) {
            replace(call, () -> fence(call, fence));
        } else if (performsAccess(call)) {
            replace(call, () -> moded(call));
        } else {
            return false;
        }
        return true;
    }

    /** A static fence, or Unsafe's on the Unsafe: the runtime's fence hook. */
    private void fence(Call call, FenceKind fence) {
        if (call.opcode() != Opcodes.INVOKESTATIC) {
            mv.visitInsn(Opcodes.POP);
        }
        Emit.push(mv, fence.ordinal());
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "fence", "(II)V");
    }

    /** Stack: the receiver, the arguments. Hooks.modedAccess(receiver, arguments boxed, method, location), its result unboxed. */
    private void moded(Call call) {
        performed(call, "modedAccess");
    }

    /** Stack: the receiver, the arguments. Hooks.{@code hook}(receiver, arguments boxed, method, location), its result unboxed. */
    private void performed(Call call, String hook) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        int[] slots = Emit.storeAll(mv, ctx, arguments);
        Emit.push(mv, arguments.length);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Object");
        for (int i = 0; i < arguments.length; i++) {
            mv.visitInsn(Opcodes.DUP);
            Emit.push(mv, i);
            mv.visitVarInsn(arguments[i].getOpcode(Opcodes.ILOAD), slots[i]);
            Emit.box(mv, arguments[i]);
            mv.visitInsn(Opcodes.AASTORE);
        }
        mv.visitLdcInsn(call.declaring() + "." + call.name() + call.descriptor());
        Emit.push(mv, ctx.location());
        Emit.hook(mv, hook, "(Ljava/lang/Object;[Ljava/lang/Object;Ljava/lang/String;I)Ljava/lang/Object;");
        Emit.unbox(mv, Type.getReturnType(call.descriptor()));
    }

    /**
     * sun.misc.Unsafe's methods that are no access to a field, an array element or an address. Raw memory's allocation
     * and bulk operations are the runtime's (RawMemory), the load average a fixed -1; shouldBeInitialized (the JVM's state
     * of a class, which Weft's initialisation model keeps per run) stops the run; offsets and the Unsafe itself are
     * computed as written.
     */
    private void unsafeCall(Call call) {
        switch (call.method()) {
            case "park(ZJ)V" -> {
                Type[] arguments = Type.getArgumentTypes(call.descriptor());
                int[] slots = Emit.storeAll(mv, ctx, arguments);
                mv.visitInsn(Opcodes.POP);
                Emit.loadAll(mv, arguments, slots);
                Emit.push(mv, ctx.location());
                Emit.hook(mv, "unsafePark", "(ZJI)V");
            }
            case "unpark(Ljava/lang/Object;)V" -> {
                mv.visitInsn(Opcodes.SWAP);
                mv.visitInsn(Opcodes.POP);
                Emit.push(mv, ctx.location());
                Emit.hook(mv, "unsafeUnpark", "(Ljava/lang/Object;I)V");
            }
            case "allocateInstance(Ljava/lang/Class;)Ljava/lang/Object;", "ensureClassInitialized(Ljava/lang/Class;)V" -> {
                mv.visitInsn(Opcodes.DUP);
                Emit.push(mv, ctx.location());
                Emit.hook(mv, "classInit", "(Ljava/lang/Class;I)V");
                original(call);
                if (call.name().equals("allocateInstance")) {
                    mv.visitInsn(Opcodes.DUP);
                    Emit.push(mv, ctx.location());
                    Emit.hook(mv, "allocated", "(Ljava/lang/Object;I)V");
                }
            }
            case "throwException(Ljava/lang/Throwable;)V", "addressSize()I", "pageSize()I" -> original(call);
            case "allocateMemory(J)J", "reallocateMemory(JJ)J", "freeMemory(J)V", "setMemory(JJB)V", "setMemory(Ljava/lang/Object;JJB)V",
                 "copyMemory(JJJ)V", "copyMemory(Ljava/lang/Object;JLjava/lang/Object;JJ)V" -> performed(call, "rawMemory");
            case "getLoadAverage([DI)I" -> {
                // A fixed answer, as on a system without load averages (its javadoc's -1): the machine's load is no input a run can fix.
                mv.visitInsn(Opcodes.POP2);
                mv.visitInsn(Opcodes.POP);
                Emit.push(mv, -1);
            }
            default -> unsupported(call);
        }
    }

    /** Stack: the updater, the object, [x,] the function. Hooks.updaterFunctional(updater, object, x boxed or null, function, method, location). */
    private void updaterFunctional(Call call) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        int[] slots = Emit.storeAll(mv, ctx, arguments);
        mv.visitVarInsn(Opcodes.ALOAD, slots[0]);
        if (arguments.length == 3) {
            mv.visitVarInsn(arguments[1].getOpcode(Opcodes.ILOAD), slots[1]);
            Emit.box(mv, arguments[1]);
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
        mv.visitVarInsn(Opcodes.ALOAD, slots[arguments.length - 1]);
        mv.visitLdcInsn(call.declaring() + "." + call.name());
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "updaterFunctional",
                "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/String;I)Ljava/lang/Object;");
        Emit.unbox(mv, Type.getReturnType(call.descriptor()));
    }

    /** Stack: (Class, [Class,] String). The call as written, then Hooks.updaterCreated(updater, the class, the field name). */
    private void newUpdater(Call call) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        int[] slots = Emit.storeAll(mv, ctx, arguments);
        Emit.loadAll(mv, arguments, slots);
        original(call);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ALOAD, slots[0]);
        mv.visitVarInsn(Opcodes.ALOAD, slots[arguments.length - 1]);
        Emit.hook(mv, "updaterCreated", "(Ljava/lang/Object;Ljava/lang/Class;Ljava/lang/String;)V");
    }
}
