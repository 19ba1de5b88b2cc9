package dev.weft.instrument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/** Object.wait/notify, the Thread operations the runtime controls, and System.exit / Runtime.exit / halt. */
final class ThreadCallVisitor extends JdkCallVisitor {
    private static final String THREAD = "java/lang/Thread";
    private static final Type RUNNABLE = Type.getType(Runnable.class);
    private static final Type STRING = Type.getType(String.class);

    /** The calls {@link #intercept} turns into the runtime's wait, notify, yield and sleep events, which record all they do. */
    private static final Set<String> EVENTS = Set.of("java/lang/Object.wait()V", "java/lang/Object.wait(J)V", "java/lang/Object.wait(JI)V",
            "java/lang/Object.notify()V", "java/lang/Object.notifyAll()V", THREAD + ".sleep(J)V", THREAD + ".sleep(JI)V",
            THREAD + ".yield()V", THREAD + ".onSpinWait()V");

    ThreadCallVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx);
    }

    /** Whether the call becomes one of the runtime's wait, notify, yield or sleep events. */
    static boolean modelsAsEvent(Call call) {
        return EVENTS.contains(call.declaring() + "." + call.method());
    }

    @Override
    boolean intercept(Call call) {
        return switch (call.declaring()) {
            case "java/lang/Object" -> objectCall(call);
            case THREAD -> threadCall(call);
            case "java/lang/System" -> exitCall(call, false);
            case "java/lang/Runtime" -> exitCall(call, true);
            default -> false;
        };
    }

    private boolean objectCall(Call call) {
        switch (call.method()) {
            case "wait()V" -> supportWithLocation("objectWait", "(Ljava/lang/Object;I)V");
            case "wait(J)V" -> supportWithLocation("objectWait", "(Ljava/lang/Object;JI)V");
            case "wait(JI)V" -> supportWithLocation("objectWait", "(Ljava/lang/Object;JII)V");
            case "notify()V" -> replaceWithHook(call, "objectNotify", "(Ljava/lang/Object;ZI)V", 0);
            case "notifyAll()V" -> replaceWithHook(call, "objectNotify", "(Ljava/lang/Object;ZI)V", 1);
            default -> {
                return false;
            }
        }
        return true;
    }

    private boolean threadCall(Call call) {
        switch (call.method()) {
            case "start()V" -> {
                if (call.opcode() == Opcodes.INVOKESPECIAL) {
                    mv.visitInsn(Opcodes.DUP);
                    Emit.push(mv, ctx.location());
                    Emit.hook(mv, "threadStart", "(Ljava/lang/Thread;I)V");
                    original(call);
                } else {
                    supportWithLocation("startThread", "(Ljava/lang/Thread;I)V");
                }
            }
            case "join()V" -> supportWithLocation("threadJoin", "(Ljava/lang/Thread;I)V");
            case "join(J)V" -> supportWithLocation("threadJoin", "(Ljava/lang/Thread;JI)V");
            case "join(JI)V" -> supportWithLocation("threadJoin", "(Ljava/lang/Thread;JII)V");
            case "sleep(J)V" -> replaceWithHook(call, "threadSleep", "(JII)V", 0);
            case "sleep(JI)V" -> replaceWithHook(call, "threadSleep", "(JII)V");
            case "yield()V", "onSpinWait()V" -> replaceWithHook(call, "threadYield", "(I)V");
            case "interrupt()V" -> replaceWithHook(call, "threadInterrupt", "(Ljava/lang/Thread;I)V");
            case "isInterrupted()Z" -> replaceWithHook(call, "threadIsInterrupted", "(Ljava/lang/Thread;I)Z");
            case "interrupted()Z" -> replaceWithHook(call, "threadInterrupted", "(I)Z");
            case "isAlive()Z" -> replaceWithHook(call, "threadIsAlive", "(Ljava/lang/Thread;I)Z");
            default -> {
                if (!call.name().equals("<init>")) {
                    return false;
                }
                construct(call);
            }
        }
        return true;
    }

    /**
     * Every Thread constructor gets a body wrapped by the runtime; constructors without a Runnable
     * are swapped for the same constructor with one (a wrapped null), so that even a thread that runs
     * nothing tells the runtime that it began and ended. Constructors without a name get one from a
     * counter of the run ("Thread-0", ...), as in a fresh JVM: the JDK's counter would go on across runs.
     */
    private void construct(Call call) {
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        int body = Arrays.asList(arguments).indexOf(RUNNABLE);
        boolean hasBody = body >= 0;
        if (!hasBody) {
            body = arguments.length > 0 && arguments[0].getInternalName().equals("java/lang/ThreadGroup") ? 1 : 0;
        }
        Type[] after = Arrays.copyOfRange(arguments, hasBody ? body + 1 : body, arguments.length);
        int[] slots = Emit.storeAll(mv, ctx, after);
        if (!hasBody) {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
        Emit.hook(mv, "wrapThreadBody", "(Ljava/lang/Runnable;)Ljava/lang/Runnable;");
        Emit.loadAll(mv, after, slots);
        List<Type> withBody = new ArrayList<>(Arrays.asList(arguments));
        if (!hasBody) {
            withBody.add(body, RUNNABLE);
        }
        if (!withBody.contains(STRING)) {
            mv.visitLdcInsn(Type.getObjectType(ctx.owner));
            Emit.support(mv, "nextThreadName", "(Ljava/lang/Class;)Ljava/lang/String;");
            withBody.add(STRING);
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, THREAD, "<init>", Type.getMethodDescriptor(Type.VOID_TYPE, withBody.toArray(new Type[0])), false);
    }

    private boolean exitCall(Call call, boolean onRuntime) {
        if (!call.method().equals("exit(I)V") && !(onRuntime && call.method().equals("halt(I)V"))) {
            return false;
        }
        if (onRuntime) {
            mv.visitInsn(Opcodes.SWAP);
            mv.visitInsn(Opcodes.POP);
        }
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "exit", "(II)V");
        return true;
    }

    /** Replaces a final JDK method by the RunSupport method of the same arguments plus the location. */
    private void supportWithLocation(String method, String descriptor) {
        Emit.push(mv, ctx.location());
        Emit.support(mv, method, descriptor);
    }
}
