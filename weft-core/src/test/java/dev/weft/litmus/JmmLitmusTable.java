package dev.weft.litmus;

import dev.weft.litmus.JmmAxioms.Fence;
import dev.weft.litmus.JmmAxioms.Mode;
import dev.weft.litmus.JmmAxioms.Op;
import dev.weft.litmus.LitmusTable.LitmusCase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The litmus programs of {@link LitmusTable} (the classes in {@code examples.litmus}) as {@link JmmAxioms}
 * sees them, with their verdicts under the JMM: whether the relaxed outcome is allowed, as the C11/Java
 * literature has them for these shapes (RC11, and the VarHandle modes as its orders). Plain accesses
 * reorder freely (MP, IRIW, WRC, ISA2, RWC, 2+2W, S, R and LB are allowed), release/acquire is causal
 * but not multi-copy atomic (WRC with it is forbidden, IRIW allowed), volatile accesses are SC.
 */
public final class JmmLitmusTable {
    /** One litmus program: its operations for the oracle, the relaxed outcome, and whether the JMM allows it. */
    public record JmmCase(String name, List<List<Op>> program, Map<String, Integer> relaxedOutcome, boolean allowed) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The programs whose relaxed outcome the JMM allows; LB only by a read returning a later write. */
    private static final Set<String> ALLOWED = Set.of("SB", "SBVolatileY", "SBVolatileX", "SBForwardingVolatile", "MP", "LB", "IRIW",
            "WRC", "TwoPlusTwoW", "S", "ISA2", "R", "RWC", "SBForwarding", "SBAcqRel", "SBOpaque", "SBAtomicRelease", "MPOpaque",
            "MPAtomicPlain", "IRIWAcqRel", "TwoPlusTwoWRelease", "TwoPlusTwoWOpaque", "MPVolatileX");

    private JmmLitmusTable() {
    }

    public static List<JmmCase> cases() {
        List<JmmCase> out = new ArrayList<>();
        for (LitmusCase c : LitmusTable.CASES) {
            out.add(new JmmCase(c.name(), program(c), c.relaxedOutcome(), ALLOWED.contains(c.name())));
        }
        return out;
    }

    /**
     * The program as the Java source has it. LitmusTable leaves out what TSO and PSO ignore: MPFences'
     * reader has an acquire fence, and MPFinal's reader reaches x through the final field of the object
     * it read (JLS 17.5: as if an acquire fence came between its reads; the constructor's end is a release fence).
     */
    private static List<List<Op>> program(LitmusCase c) {
        List<List<Op>> threads = new ArrayList<>();
        for (List<LitmusSimulator.Op> ops : c.program().threads()) {
            List<Op> thread = new ArrayList<>();
            for (LitmusSimulator.Op op : ops) {
                thread.add(converted(op));
                if ((c.name().equals("MPFences") || c.name().equals("MPFinal")) && op instanceof LitmusSimulator.Read read
                        && read.register().equals("r0")) {
                    thread.add(Op.fence(Fence.ACQUIRE));
                }
            }
            threads.add(thread);
        }
        return threads;
    }

    private static Op converted(LitmusSimulator.Op op) {
        if (op instanceof LitmusSimulator.Write w) {
            return Op.write(w.location(), w.value(), Mode.valueOf(w.mode().name()));
        }
        if (op instanceof LitmusSimulator.Read r) {
            return Op.read(r.location(), r.register(), Mode.valueOf(r.mode().name()));
        }
        return Op.fence(op instanceof LitmusSimulator.Fence ? Fence.FULL : Fence.RELEASE);
    }

    /** Whether some outcome the JMM allows (with load buffering or without) agrees with {@code partial}. */
    public static boolean allows(JmmCase c, boolean loadBuffering) {
        return JmmAxioms.outcomes(c.program(), loadBuffering).stream()
                .anyMatch(o -> c.relaxedOutcome().entrySet().stream().allMatch(e -> e.getValue().equals(o.getOrDefault(e.getKey(), 0))));
    }
}
