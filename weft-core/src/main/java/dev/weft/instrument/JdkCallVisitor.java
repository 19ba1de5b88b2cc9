package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Base of the visitors that intercept calls into the JDK at the call site. A call is offered to
 * {@link #intercept} with the JDK class that declares the method it resolves to; calls that resolve
 * to program code are left alone (program overrides of JDK methods run as written, and their
 * {@code super} calls are intercepted in turn).
 */
abstract class JdkCallVisitor extends MethodVisitor {
    /** Methods of unsupported classes that only prepare (see {@link #unsupported}); a Timer's constructor starts a thread. */
    private static final Set<String> PREPARING = Set.of("<init>", "newUpdater", "getUnsafe", "objectFieldOffset",
            "staticFieldOffset", "staticFieldBase", "arrayBaseOffset", "arrayIndexScale", "current");

    protected final MethodContext ctx;
    /** In JDK code: a replaced call runs only while its thread is in the JDK for the program ({@code JdkBridge.controlled}), else as written. */
    private final boolean inJdk;

    /** One call site. {@code declaring} is the JDK class whose method the call resolves to. */
    record Call(int opcode, String owner, String name, String descriptor, boolean isInterface, String declaring, int access) {
        String method() {
            return name + descriptor;
        }

        /** "java.util.concurrent.Semaphore.acquire" for messages. */
        String api() {
            return declaring.replace('/', '.') + "." + name;
        }

        /** A virtual call whose target a program subclass may override, so the receiver's class decides at run time. */
        boolean mayReachOverride() {
            return (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE) && (access & Opcodes.ACC_FINAL) == 0;
        }
    }

    JdkCallVisitor(MethodVisitor next, MethodContext ctx) {
        this(next, ctx, false);
    }

    JdkCallVisitor(MethodVisitor next, MethodContext ctx, boolean inJdk) {
        super(Opcodes.ASM9, next);
        this.ctx = ctx;
        this.inJdk = inJdk;
    }

    boolean inJdk() {
        return inJdk;
    }

    @Override
    public final void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Call call = resolve(ctx.hierarchy, opcode, owner, name, descriptor, isInterface);
        if (call == null || !intercept(call)) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /** The call as a call into the JDK, or null when it resolves to program code (or is on an array, or Weft's own). */
    static Call resolve(ClassHierarchy hierarchy, int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (owner.startsWith("[") || owner.startsWith("dev/weft/")) {
            return null;
        }
        ClassHierarchy.Member member = hierarchy.resolveMethod(owner, name, descriptor);
        if (member == null) {
            return ProgramClasses.isProgramClass(owner) ? null : new Call(opcode, owner, name, descriptor, isInterface, owner, 0);
        }
        if (ProgramClasses.isProgramClass(member.owner().name())) {
            return null;
        }
        return new Call(opcode, owner, name, descriptor, isInterface, member.owner().name(), member.access());
    }

    /** Emits the replacement for {@code call} and returns true, or returns false to keep the call as is. */
    abstract boolean intercept(Call call);

    /** The call as written. */
    final void original(Call call) {
        super.visitMethodInsn(call.opcode(), call.owner(), call.name(), call.descriptor(), call.isInterface());
    }

    /**
     * Emits {@code replacement} (which consumes the call's receiver and arguments and leaves its
     * result). Where a program override may be the real target, a run-time check picks between the
     * replacement and the original call; in JDK code, whether the thread is in the JDK for the program.
     */
    final void replace(Call call, Runnable replacement) {
        String check = runtimeCheck(call);
        if (!inJdk && check == null) {
            replacement.run();
            return;
        }
        Type[] arguments = Type.getArgumentTypes(call.descriptor());
        int[] slots = Emit.storeAll(mv, ctx, arguments);
        if (inJdk) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, JdkVisitors.BRIDGE, "controlled", "()Z", false);
        } else {
            mv.visitInsn(Opcodes.DUP);
            mv.visitLdcInsn(call.method());
            Emit.support(mv, check, "(Ljava/lang/Object;Ljava/lang/String;)Z");
        }
        Label programCode = new Label();
        Label done = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, programCode);
        Emit.loadAll(mv, arguments, slots);
        replacement.run();
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(programCode);
        Emit.loadAll(mv, arguments, slots);
        original(call);
        mv.visitLabel(done);
    }

    /**
     * In program code, the support method ({@code RunSupport}, given the receiver and the method) that decides at run time
     * whether the replacement runs rather than the call as written, or null when the replacement always runs: by default
     * {@code runsJdkCode}, where a program override may be the real target.
     */
    String runtimeCheck(Call call) {
        return call.mayReachOverride() ? "runsJdkCode" : null;
    }

    /** Replaces the call by a static hook given the receiver and arguments, then {@code constants} and the location (an Object result is cast back). */
    final void replaceWithHook(Call call, String hook, String hookDescriptor, int... constants) {
        replace(call, () -> {
            for (int constant : constants) {
                Emit.push(mv, constant);
            }
            Emit.push(mv, ctx.location());
            Emit.hook(mv, hook, hookDescriptor);
            Type result = Type.getReturnType(call.descriptor());
            if (Type.getReturnType(hookDescriptor).getSort() == Type.OBJECT && result.getSort() == Type.OBJECT) {
                Emit.restoreType(mv, result);
            }
        });
    }

    /**
     * Stops the run with {@code unsupported} before the call, unless the call only prepares for later
     * operations (a constructor, a field updater or offset lookup): libraries make those in static
     * initialisers of classes whose unsupported operations the program may never reach.
     */
    final void unsupported(Call call) {
        if (PREPARING.contains(call.name()) && !call.declaring().equals("java/util/Timer")) {
            original(call);
            return;
        }
        unsupported(call, call.api());
    }

    /** The call stops the run with {@code api} named (the call as written follows, never reached in a run). */
    final void unsupported(Call call, String api) {
        mv.visitLdcInsn(api);
        Emit.push(mv, ctx.location());
        Emit.hook(mv, "unsupported", "(Ljava/lang/String;I)V");
        original(call);
    }
}
