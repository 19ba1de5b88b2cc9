package dev.weft.instrument;

import java.util.Set;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * JDK calls whose results differ between runs (identity hash codes, clocks, random seeds) go to the
 * runtime, which makes them a function of the run's schedule. {@code java.time}'s reads of the system clock
 * ({@code X.now()}, {@code X.now(zone)}, {@code Clock.systemUTC()}, {@code Clock.systemDefaultZone()}) read the run's
 * logical clock instead, through {@code X.now(Clock)}.
 */
final class DeterminismCallVisitor extends JdkCallVisitor {
    private static final String TIME = "java/time/";
    /** The java.time classes with {@code now()}, {@code now(ZoneId)} (but Instant) and {@code now(Clock)}. */
    private static final Set<String> NOW_TYPES = Set.of("Instant", "LocalDate", "LocalTime", "LocalDateTime", "ZonedDateTime",
            "OffsetDateTime", "OffsetTime", "Year", "YearMonth", "MonthDay");
    private static final String CLOCK = "Ljava/time/Clock;";

    /** Whether java.time's reads are replaced: in program code; JDK code reaches no support class. */
    private final boolean javaTime;

    /** @param javaTime whether java.time's reads of the system clock read the run's logical clock (program code) */
    DeterminismCallVisitor(MethodVisitor next, MethodContext ctx, boolean javaTime) {
        super(next, ctx);
        this.javaTime = javaTime;
    }

    @Override
    boolean intercept(Call call) {
        String key = call.declaring() + "." + call.method();
        switch (key) {
            case "java/lang/System.identityHashCode(Ljava/lang/Object;)I" -> Emit.support(mv, "identityHashCode", "(Ljava/lang/Object;)I");
            case "java/lang/Object.hashCode()I" -> {
                if (call.opcode() == Opcodes.INVOKESPECIAL) {
                    Emit.hook(mv, "objectHashCode", "(Ljava/lang/Object;)I");
                } else {
                    Emit.support(mv, "hashCode", "(Ljava/lang/Object;)I");
                }
            }
            case "java/lang/System.currentTimeMillis()J" -> Emit.hook(mv, "currentTimeMillis", "()J");
            case "java/lang/System.nanoTime()J" -> Emit.hook(mv, "nanoTime", "()J");
            case "java/lang/Math.random()D", "java/lang/StrictMath.random()D" -> Emit.hook(mv, "mathRandom", "()D");
            case "java/util/Random.<init>()V" -> {
                Emit.hook(mv, "randomSeed", "()J");
                mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/util/Random", "<init>", "(J)V", false);
            }
            default -> {
                return javaTime && interceptJavaTime(call, key);
            }
        }
        return true;
    }

    /** The system clocks, and {@code X.now()} and {@code X.now(ZoneId)}: {@code X.now(Clock)} on the run's logical clock. */
    private boolean interceptJavaTime(Call call, String key) {
        if (key.equals("java/time/Clock.systemUTC()" + CLOCK)) {
            Emit.support(mv, "clockUtc", "()" + CLOCK);
            return true;
        }
        if (key.equals("java/time/Clock.systemDefaultZone()" + CLOCK)) {
            Emit.support(mv, "clock", "()" + CLOCK);
            return true;
        }
        String owner = call.owner();
        if (call.opcode() != Opcodes.INVOKESTATIC || !call.name().equals("now") || !owner.startsWith(TIME)
                || !NOW_TYPES.contains(owner.substring(TIME.length()))) {
            return false;
        }
        String returned = "L" + owner + ";";
        if (call.descriptor().equals("()" + returned)) {
            Emit.support(mv, "clock", "()" + CLOCK);
        } else if (call.descriptor().equals("(Ljava/time/ZoneId;)" + returned)) {
            Emit.support(mv, "clock", "(Ljava/time/ZoneId;)" + CLOCK);
        } else {
            return false;
        }
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "now", "(" + CLOCK + ")" + returned, false);
        return true;
    }
}
