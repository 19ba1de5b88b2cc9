package dev.weft.instrument;

import dev.weft.runtime.hooks.Hooks;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * {@code java.util.concurrent.atomic} scalars and arrays: their volatile accesses and
 * read-modify-writes become beforeAtomic + the JDK call + afterAtomic; update/accumulate functions go
 * to the runtime, which retries them as the JDK does. Their weaker access modes and weak
 * compare-and-sets, and the field updaters, are {@link AccessModeVisitor}'s. Other atomic methods and
 * the other atomic classes (adders, stamped references) stop the run.
 */
final class AtomicCallVisitor extends JdkCallVisitor {
    private static final String ATOMIC = "java/util/concurrent/atomic/";
    private static final Set<String> MODELLED = Set.of("AtomicInteger", "AtomicLong", "AtomicBoolean", "AtomicReference",
            "AtomicIntegerArray", "AtomicLongArray", "AtomicReferenceArray");
    private static final Map<String, Integer> OPERATIONS = operations();

    AtomicCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    /** @param inJdk in JDK code (a LinkedBlockingQueue's count): its atomics' accesses as the program's, while on its behalf */
    AtomicCallVisitor(MethodVisitor next, MethodContext ctx, boolean inJdk) {
        super(next, ctx, inJdk);
    }

    private static Map<String, Integer> operations() {
        Map<String, Integer> ops = new java.util.HashMap<>();
        for (String read : new String[] {"get", "intValue", "longValue", "floatValue", "doubleValue", "toString"}) {
            ops.put(read, Hooks.ATOMIC_READ);
        }
        ops.put("set", Hooks.ATOMIC_WRITE);
        for (String rmw : new String[] {"compareAndSet", "compareAndExchange", "compareAndExchangeAcquire",
                "compareAndExchangeRelease", "getAndSet", "getAndIncrement", "getAndDecrement", "getAndAdd", "incrementAndGet",
                "decrementAndGet", "addAndGet"}) {
            ops.put(rmw, Hooks.ATOMIC_RMW);
        }
        return Map.copyOf(ops);
    }

    /**
     * Whether the call becomes one of the runtime's atomic events or fences (so that whatever it does
     * is recorded), as {@link #intercept} decides; the functional updates are not (they run a program function).
     */
    static boolean modelsAsEvent(Call call) {
        String simpleName = atomicSimpleName(call);
        return simpleName != null && MODELLED.contains(simpleName) && operation(call, simpleName) != null;
    }

    /** A call on one of the atomic classes the runtime models, with its index first for an array's element. */
    static boolean isModelledAtomic(Call call) {
        String simpleName = atomicSimpleName(call);
        return simpleName != null && MODELLED.contains(simpleName) && (!simpleName.endsWith("Array") || call.descriptor().startsWith("(I"));
    }

    /** The atomic class's simple name if the call is on a {@code java.util.concurrent.atomic} class, else null. */
    private static String atomicSimpleName(Call call) {
        // byteValue and shortValue of an atomic are Number's, which reads the value through intValue inside the JDK.
        String atomicClass = call.declaring().equals("java/lang/Number") ? call.owner() : call.declaring();
        if (!atomicClass.startsWith(ATOMIC) || atomicClass.indexOf('/', ATOMIC.length()) >= 0) {
            return null;
        }
        return atomicClass.substring(ATOMIC.length());
    }

    /** The {@code beforeAtomic} operation of a call on a modelled atomic class, or null for its other methods. */
    private static Integer operation(Call call, String simpleName) {
        boolean indexed = !simpleName.endsWith("Array") || call.descriptor().startsWith("(I");
        if (!indexed) {
            return null;
        }
        return call.declaring().equals("java/lang/Number") ? Integer.valueOf(Hooks.ATOMIC_READ) : OPERATIONS.get(call.name());
    }

    @Override
    boolean intercept(Call call) {
        String simpleName = atomicSimpleName(call);
        if (simpleName == null) {
            return false;
        }
        if (inJdk()) {
            return interceptInJdk(call, simpleName);
        }
        if (!MODELLED.contains(simpleName)) {
            unsupported(call);
            return true;
        }
        boolean isArray = simpleName.endsWith("Array");
        Integer operation = operation(call, simpleName);
        if (operation != null) {
            replace(call, () -> bracketed(call, isArray, operation));
        } else if (call.name().equals("getAndUpdate") || call.name().equals("updateAndGet")) {
            replace(call, () -> functional(call, isArray, "atomicUpdate", call.name().equals("updateAndGet")));
        } else if (call.name().equals("getAndAccumulate") || call.name().equals("accumulateAndGet")) {
            replace(call, () -> functional(call, isArray, "atomicAccumulate", call.name().equals("accumulateAndGet")));
        } else if (!call.name().equals("<init>") && !call.name().equals("length")) {
            unsupported(call);
        } else {
            return false;
        }
        return true;
    }

    /** JDK code: the reads and read-modify-writes of the modelled atomic classes; everything else as written. */
    private boolean interceptInJdk(Call call, String simpleName) {
        Integer operation = MODELLED.contains(simpleName) ? operation(call, simpleName) : null;
        if (operation == null) {
            return false;
        }
        replace(call, () -> bracketed(call, simpleName.endsWith("Array"), operation));
        return true;
    }

    /** Stack: the atomic, its index for arrays, the arguments. beforeAtomic, the JDK call, afterAtomic. */
    private void bracketed(Call call, boolean isArray, int operation) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        Type[] values = isArray ? Arrays.copyOfRange(arguments, 1, arguments.length) : arguments;
        int[] slots = Emit.storeAll(mv, ctx, values);
        if (isArray) {
            mv.visitInsn(Opcodes.DUP2);
        } else {
            mv.visitInsn(Opcodes.DUP);
            mv.visitInsn(Opcodes.ICONST_M1);
        }
        Emit.push(mv, operation);
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "beforeAtomic", "(Ljava/lang/Object;III)V");
        Emit.loadAll(mv, values, slots);
        original(call);
        Emit.hook(mv, "afterAtomic", "()V");
    }

    /** Stack: the atomic, its index for arrays, (x,) the function. The runtime's atomicUpdate / atomicAccumulate. */
    private void functional(Call call, boolean isArray, String hook, boolean returnNew) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        Type[] values = isArray ? Arrays.copyOfRange(arguments, 1, arguments.length) : arguments;
        if (!isArray) {
            int[] slots = Emit.storeAll(mv, ctx, values);
            mv.visitInsn(Opcodes.ICONST_M1);
            Emit.loadAll(mv, values, slots);
        }
        Emit.push(mv, returnNew);
        Emit.push(mv, ctx.location());
        Type[] hookArguments = new Type[values.length + 4];
        hookArguments[0] = Type.getType(Object.class);
        hookArguments[1] = Type.INT_TYPE;
        System.arraycopy(values, 0, hookArguments, 2, values.length);
        hookArguments[values.length + 2] = Type.BOOLEAN_TYPE;
        hookArguments[values.length + 3] = Type.INT_TYPE;
        Emit.hook(mv, hook, Type.getMethodDescriptor(Type.getReturnType(call.descriptor()), hookArguments));
    }
}
