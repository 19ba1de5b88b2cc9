package dev.weft.instrument;

import org.objectweb.asm.MethodVisitor;

/**
 * In JDK code: {@code ThreadLocalRandom}'s per-thread hints, which the concurrent collections read to spread contention
 * (a {@code ConcurrentHashMap}'s counter cells) or to draw a skip list's levels. The JDK seeds them from a global
 * generator, so they would differ between runs of one schedule; while the thread is in the JDK for the program they come
 * from the runtime's seeds instead, as the program's own randomness does ({@code Random()}, {@code Math.random}).
 */
final class ThreadRandomVisitor extends JdkCallVisitor {
    private static final String THREAD_LOCAL_RANDOM = "java/util/concurrent/ThreadLocalRandom";
    /** LongAdder's base class reads the probe through methods of its own (JDK 25: through a JDK-internal accessor). */
    private static final String STRIPED = "java/util/concurrent/atomic/Striped64";

    ThreadRandomVisitor(MethodVisitor next, MethodContext ctx) {
        super(next, ctx, true);
    }

    @Override
    boolean intercept(Call call) {
        if (!call.declaring().equals(THREAD_LOCAL_RANDOM) && !call.declaring().equals(STRIPED)) {
            return false;
        }
        switch (call.method()) {
            case "getProbe()I" -> replaceWithHook(call, "threadProbe", "(I)I");
            case "advanceProbe(I)I" -> replaceWithHook(call, "advanceProbe", "(II)I");
            case "nextSecondarySeed()I" -> replaceWithHook(call, "secondarySeed", "(I)I");
            case "localInit()V" -> replace(call, () -> {
                // the probe the bridge hands out is never 0, so there is nothing to seed
            });
            default -> {
                return false;
            }
        }
        return true;
    }
}
