package dev.weft.instrument;

import dev.weft.trace.JdkCallSite;
import dev.weft.trace.JdkCallSite.Form;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Calls into the JDK on objects whose state Weft follows ({@code dev.weft.jdk.JdkApi}: collections,
 * maps, string builders ...), and the places a reference to one escapes. A call whose receiver,
 * arguments or result may be such an object (by their declared types) is bracketed: {@code jdkCall}
 * before it, with the receiver, the first two such arguments and any further ones in an array;
 * {@code jdkReturned} after it; {@code jdkThrew} if it throws, from a handler around the call alone
 * ({@link InnerHandlersFirst}); and, when the run describes its calls, {@code jdkArguments} with every
 * argument. A string concatenation is such a call. A reference that may be such an object goes to
 * {@code published} before it is stored into a field or an array element, or captured by a lambda
 * or method reference.
 *
 * <p>This visitor comes last in the chain, so that the calls other visitors keep or add (an atomic's
 * JDK call between its hooks) are bracketed too, and the code it adds reaches no other visitor. In
 * {@code dev.weft.modelled}'s classes it follows no calls: their JDK objects are theirs, guarded by
 * their own (modelled) locks.
 */
final class JdkObjectVisitor extends JdkCallVisitor {
    private static final String OBJECT = "java/lang/Object";
    private static final Type OBJECT_TYPE = Type.getType(Object.class);
    private static final Set<String> OBJECT_MONITOR_METHODS = Set.of("wait", "notify", "notifyAll", "getClass");
    private static final String CONCAT_FACTORY = "java/lang/invoke/StringConcatFactory";
    private static final String LAMBDA_FACTORY = "java/lang/invoke/LambdaMetafactory";

    private final boolean followsCalls;

    JdkObjectVisitor(MethodVisitor next, MethodContext ctx, boolean followsCalls) {
        super(next, ctx);
        this.followsCalls = followsCalls;
    }

    // ------------------------------------------------------------------ calls

    @Override
    boolean intercept(Call call) {
        if (!followsCalls || call.declaring().equals(OBJECT) && OBJECT_MONITOR_METHODS.contains(call.name())) {
            return false;
        }
        Form form = form(call);
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        List<Integer> stateful = mayHoldState(arguments);
        boolean receiver = (form == Form.INSTANCE || form == Form.SUPER) && ctx.hierarchy.mayHoldState(call.owner());
        boolean result = mayHoldState(Type.getReturnType(call.descriptor()));
        boolean constructsInstrumentable = form == Form.CONSTRUCTOR && stateful.isEmpty() && mayBeInstrumented(call.owner());
        if (form == Form.CONSTRUCTOR ? stateful.isEmpty() && !constructsInstrumentable : !receiver && !result && stateful.isEmpty()) {
            return false;
        }
        int site = site(call.owner(), call.name(), call.descriptor(), form, form == Form.INSTANCE ? ctx.receiverName() : null);
        boolean copiedBelow = form == Form.CONSTRUCTOR && ctx.newObjectCopiedBelow(call.descriptor());
        Type returned = form == Form.CONSTRUCTOR ? (copiedBelow ? OBJECT_TYPE : Type.VOID_TYPE) : Type.getReturnType(call.descriptor());
        String hook = constructsInstrumentable ? "jdkConstructs" : "jdkCall";
        bracket(form, arguments, stateful, site, hook, () -> original(call), ticket -> returned(returned, result, site, ticket));
        return true;
    }

    /**
     * Whether the class's own code may run instrumented: its constructor then reaches the runtime even without an argument
     * Weft follows, so that what it makes (a queue's head node, its locks) gets the ids of the thread that constructs it,
     * not those of whichever thread happens to touch it first in a run.
     */
    private static boolean mayBeInstrumented(String owner) {
        return JdkClasses.entries().contains(owner.replace('/', '.'));
    }

    private static Form form(Call call) {
        if (call.opcode() == Opcodes.INVOKESTATIC) {
            return Form.STATIC;
        }
        if (call.opcode() == Opcodes.INVOKESPECIAL) {
            return call.name().equals("<init>") ? Form.CONSTRUCTOR : Form.SUPER;
        }
        return Form.INSTANCE;
    }

    private int site(String owner, String name, String descriptor, Form form, String receiver) {
        return ctx.symbols.calls().add(new JdkCallSite(ctx.location(), owner, name, descriptor, form, receiver));
    }

    // ------------------------------------------------------------------ string concatenation and captures

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... bootstrapArguments) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        List<Integer> stateful = mayHoldState(arguments);
        if (stateful.isEmpty()) {
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
        } else if (bootstrap.getOwner().equals(CONCAT_FACTORY) && followsCalls) {
            int site = site(CONCAT_FACTORY, name, descriptor, Form.CONCATENATION, null);
            bracket(Form.CONCATENATION, arguments, stateful, site, "jdkCall", () -> super.visitInvokeDynamicInsn(name, descriptor, bootstrap,
                    bootstrapArguments), ticket -> returned(Type.getReturnType(descriptor), false, site, ticket));
        } else if (bootstrap.getOwner().equals(LAMBDA_FACTORY)) {
            int[] slots = Emit.storeAll(mv, ctx, arguments);
            for (int i : stateful) {
                mv.visitVarInsn(Opcodes.ALOAD, slots[i]);
                Emit.hook(mv, "published", "(Ljava/lang/Object;)V");
            }
            Emit.loadAll(mv, arguments, slots);
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
        } else {
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, bootstrapArguments);
        }
    }

    // ------------------------------------------------------------------ stores

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        if ((opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC) && mayHoldState(Type.getType(descriptor))) {
            publishTop();
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.AASTORE && mayHoldState(elementOfArrayBelow())) {
            publishTop();
        }
        super.visitInsn(opcode);
    }

    private void publishTop() {
        mv.visitInsn(Opcodes.DUP);
        Emit.hook(mv, "published", "(Ljava/lang/Object;)V");
    }

    /** The element type of the array an AASTORE stores into, from the analyzer; Object where it is unknown. */
    private Type elementOfArrayBelow() {
        Object array = ctx.stackEntry(2);
        return array instanceof String type && type.startsWith("[") ? Type.getType(type.substring(1)) : OBJECT_TYPE;
    }

    // ------------------------------------------------------------------ the bracket

    /**
     * Stack: the receiver (instance calls), the arguments. jdkCall; the call, which {@code call} emits,
     * inside its own exception handler; then {@code after}, given the ticket's local, with the call's
     * result on the stack.
     */
    private void bracket(Form form, Type[] arguments, List<Integer> stateful, int site, String hook, Runnable call, IntConsumer after) {
        int[] slots = Emit.storeAll(mv, ctx, arguments);
        mv.visitInsn(form == Form.INSTANCE || form == Form.SUPER ? Opcodes.DUP : Opcodes.ACONST_NULL);
        loadOrNull(slots, stateful, 0);
        loadOrNull(slots, stateful, 1);
        if (stateful.size() > 2) {
            List<Integer> rest = stateful.subList(2, stateful.size());
            newArray(rest.size(), k -> mv.visitVarInsn(Opcodes.ALOAD, slots[rest.get(k)]));
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
        Emit.push(mv, site);
        Emit.hook(mv, hook, "(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;[Ljava/lang/Object;I)Ljava/lang/Object;");
        int ticket = ctx.scratchLocal(OBJECT_TYPE);
        mv.visitVarInsn(Opcodes.ASTORE, ticket);
        describeArguments(arguments, slots, ticket);
        Emit.loadAll(mv, arguments, slots);
        if (ctx.isThisUninitialized()) {
            // No handler while this is uninitialised (the verifier's rules for those vary): these calls only compute super's arguments.
            call.run();
            after.accept(ticket);
            return;
        }
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        Label done = new Label();
        mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
        ctx.innermostHandlers.add(handler);
        mv.visitLabel(start);
        call.run();
        mv.visitLabel(end);
        after.accept(ticket);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(handler);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ALOAD, ticket);
        mv.visitInsn(Opcodes.SWAP);
        Emit.hook(mv, "jdkThrew", "(Ljava/lang/Object;Ljava/lang/Throwable;)V");
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(done);
    }

    private void loadOrNull(int[] slots, List<Integer> stateful, int which) {
        if (which < stateful.size()) {
            mv.visitVarInsn(Opcodes.ALOAD, slots[stateful.get(which)]);
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
    }

    /** When the run describes this call: jdkArguments with every argument, boxed. */
    private void describeArguments(Type[] arguments, int[] slots, int ticket) {
        Label skip = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, ticket);
        Emit.hook(mv, "describes", "(Ljava/lang/Object;)Z");
        mv.visitJumpInsn(Opcodes.IFEQ, skip);
        mv.visitVarInsn(Opcodes.ALOAD, ticket);
        newArray(arguments.length, k -> {
            mv.visitVarInsn(arguments[k].getOpcode(Opcodes.ILOAD), slots[k]);
            Emit.box(mv, arguments[k]);
        });
        Emit.hook(mv, "jdkArguments", "(Ljava/lang/Object;[Ljava/lang/Object;)V");
        mv.visitLabel(skip);
    }

    /** An Object[] of {@code length} elements, element k pushed by {@code element}. */
    private void newArray(int length, IntConsumer element) {
        Emit.push(mv, length);
        mv.visitTypeInsn(Opcodes.ANEWARRAY, OBJECT);
        for (int k = 0; k < length; k++) {
            mv.visitInsn(Opcodes.DUP);
            Emit.push(mv, k);
            element.accept(k);
            mv.visitInsn(Opcodes.AASTORE);
        }
    }

    /**
     * Stack: the call's result of type {@code type} (the new object for a constructor whose caller
     * keeps a copy of it, nothing for a void call). jdkReturned with it: always where it may be an
     * object Weft follows, else only when there is a ticket.
     */
    private void returned(Type type, boolean mayHoldState, int site, int ticket) {
        Label skip = new Label();
        if (!mayHoldState) {
            mv.visitVarInsn(Opcodes.ALOAD, ticket);
            mv.visitJumpInsn(Opcodes.IFNULL, skip);
        }
        if (type.getSort() == Type.VOID) {
            mv.visitVarInsn(Opcodes.ALOAD, ticket);
            mv.visitInsn(Opcodes.ACONST_NULL);
        } else {
            mv.visitInsn(type.getSize() == 2 ? Opcodes.DUP2 : Opcodes.DUP);
            Emit.box(mv, type);
            mv.visitVarInsn(Opcodes.ALOAD, ticket);
            mv.visitInsn(Opcodes.SWAP);
        }
        Emit.push(mv, site);
        Emit.hook(mv, "jdkReturned", "(Ljava/lang/Object;Ljava/lang/Object;I)V");
        mv.visitLabel(skip);
    }

    // ------------------------------------------------------------------ types

    /** The positions of the arguments whose declared types may hold an object Weft follows. */
    private List<Integer> mayHoldState(Type[] arguments) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++) {
            if (mayHoldState(arguments[i])) {
                positions.add(i);
            }
        }
        return positions;
    }

    private boolean mayHoldState(Type type) {
        return type.getSort() == Type.OBJECT && ctx.hierarchy.mayHoldState(type.getInternalName());
    }
}
