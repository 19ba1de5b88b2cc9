package dev.weft.instrument;

import dev.weft.trace.VirtualFixes;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The part of {@link ProgramTransformer}'s chain that JDK classes get ({@code --instrument-jdk}, and java.util.concurrent's
 * classes a program uses), and why the rest is off:
 * <ul>
 *   <li>on: field and array accesses (the events that show a lost entry), allocations (stable object ids),
 *       {@code Object.hashCode} (stable bucket positions for keys without their own hash code) and clocks;</li>
 *   <li>on, each only while the thread is in the JDK for the program ({@code JdkBridge.controlled}, else the JDK's own
 *       instruction): {@code Unsafe}/{@code VarHandle} accesses and fences, the atomic classes' accesses, parks, interrupt
 *       checks and spin hints, and {@code ReentrantLock}/{@code Condition} calls (Weft's models, as for the program);
 *       loop hooks (the synchronizers' spins are busy-waits), set by {@link ProgramTransformer}; and the processor
 *       count, which is one ({@link OneProcessorVisitor}: the JDK then parks where it would spin);</li>
 *   <li>off, because retransformation may not add methods, fields or initialisers nor change modifiers: lambda
 *       bridges, the added {@code <clinit>} and class initialisation (a JDK class is initialised before any run),
 *       {@code synchronized} methods (the catalogue, {@link JdkClasses}, holds no class that has one);</li>
 *   <li>on, with the JDK's own instruction outside the program's calls: {@code synchronized} blocks (Weft's model of the
 *       monitor, then the JVM's {@code monitorenter}, as in program code) and {@code ThreadLocalRandom}'s per-thread
 *       probe and seed (a function of the schedule, {@link ThreadRandomVisitor});</li>
 *   <li>off, because the JDK's other calls are its own: the call-site visitors that refuse, model or bracket calls
 *       (threads, JDK objects, standard input).</li>
 * </ul>
 * The hooks go to {@code dev.weft.boot.JdkBridge} instead of {@code Hooks}. {@code System.arraycopy},
 * {@code Arrays.copyOf} and {@code Arrays.toString} of reference arrays go to the bridge too, which copies element by element through the hooks. Any
 * other call that hands an array to JDK code that is not instrumented ({@code String.getBytes}, a copy of a primitive
 * array ...) reads or writes elements no event shows: it is preceded by {@code unseenArrays}, which makes the run
 * incomplete when it happens on the program's behalf.
 */
final class JdkVisitors {
    static final String BRIDGE = "dev/weft/boot/JdkBridge";

    private JdkVisitors() {
    }

    /** @param instrumented whether a JDK class (internal name) is instrumented along with this one */
    static MethodVisitor chain(MethodVisitor writer, MethodContext ctx, Predicate<String> instrumented) {
        MethodVisitor mv = new ToBridge(writer, ctx, instrumented);
        mv = new AccessModeVisitor(mv, ctx, true);
        if (ctx.owner.startsWith(StrongAdderCasVisitor.STRIPED)) {
            mv = new StrongAdderCasVisitor(mv);
        }
        mv = new LockCallVisitor(mv, ctx, true);
        mv = new AtomicCallVisitor(mv, ctx, true);
        mv = new JdkParkVisitor(mv, ctx);
        mv = new ThreadRandomVisitor(mv, ctx);
        mv = new MonitorVisitor(mv, ctx);
        mv = new DeterminismCallVisitor(mv, ctx, false);
        mv = new AllocationVisitor(mv, ctx);
        mv = new ArrayAccessVisitor(mv, ctx);
        // First in line, so that a field it reads has gone through the runtime's load before it swaps the value.
        return new OneProcessorVisitor(new FieldAccessVisitor(mv, ctx, VirtualFixes.NONE));
    }

    /** Retargets the hooks the chain emits to the bridge, and marks calls that pass arrays to code no hook sees. */
    private static final class ToBridge extends MethodVisitor {
        /** Calls on arrays the bridge performs as element reads and writes (of reference arrays; others stay unseen). */
        private static final Set<String> ARRAY_CALLS = Set.of("java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V",
                "java/util/Arrays.toString([Ljava/lang/Object;)Ljava/lang/String;",
                "java/util/Arrays.copyOf([Ljava/lang/Object;I)[Ljava/lang/Object;",
                "java/util/Arrays.copyOf([Ljava/lang/Object;ILjava/lang/Class;)[Ljava/lang/Object;");
        private static Set<String> bridgeMethods;
        private final MethodContext ctx;
        private final Predicate<String> instrumented;

        ToBridge(MethodVisitor next, MethodContext ctx, Predicate<String> instrumented) {
            super(Opcodes.ASM9, next);
            this.ctx = ctx;
            this.instrumented = instrumented;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (owner.equals(Emit.HOOKS) || owner.equals(Emit.SUPPORT)) {
                if (!bridgeMethods().contains(name + descriptor)) {
                    throw new IllegalStateException("JDK code needs the hook " + name + descriptor + ", which dev.weft.boot.JdkBridge lacks");
                }
                super.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, name, descriptor, false);
                return;
            }
            if (ARRAY_CALLS.contains(owner + "." + name + descriptor)) {
                Emit.push(mv, ctx.location());
                super.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, name, descriptor.replace(")", "I)"), false);
                return;
            }
            if (passesArray(descriptor) && !instrumented.test(owner)) {
                Emit.push(mv, ctx.location());
                super.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, "unseenArrays", "(I)V", false);
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        private static boolean passesArray(String descriptor) {
            for (Type argument : Type.getArgumentTypes(descriptor)) {
                if (argument.getSort() == Type.ARRAY) {
                    return true;
                }
            }
            return false;
        }

        /** Name and descriptor of each hook of the bridge on the bootstrap class path (installed before any JDK class is rewritten). */
        private static synchronized Set<String> bridgeMethods() {
            if (bridgeMethods == null) {
                Set<String> names = new HashSet<>();
                try {
                    for (Method m : Class.forName(BRIDGE.replace('/', '.'), false, null).getMethods()) {
                        if (Modifier.isStatic(m.getModifiers())) {
                            names.add(m.getName() + Type.getMethodDescriptor(m));
                        }
                    }
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("dev.weft.boot.JdkBridge is not on the bootstrap class path", e);
                }
                bridgeMethods = Set.copyOf(names);
            }
            return bridgeMethods;
        }
    }
}
