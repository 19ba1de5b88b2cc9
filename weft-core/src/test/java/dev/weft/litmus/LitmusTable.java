package dev.weft.litmus;

import dev.weft.litmus.LitmusSimulator.Fence;
import dev.weft.litmus.LitmusSimulator.Mode;
import dev.weft.litmus.LitmusSimulator.Op;
import dev.weft.litmus.LitmusSimulator.Program;
import dev.weft.litmus.LitmusSimulator.Read;
import dev.weft.litmus.LitmusSimulator.StoreStoreFence;
import dev.weft.litmus.LitmusSimulator.Write;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Map;

/**
 * The litmus tests of issue 4's table with their published verdicts: whether the relaxed outcome
 * is allowed under SC, TSO and PSO; then the same shapes with VarHandle and atomic access modes
 * (issue 22), whose verdicts follow from the JSR-133 cookbook's mapping of the modes onto TSO and PSO
 * (x86 and SPARC): release-acquire keeps MP but not SB, opaque keeps only coherence; a volatile
 * write is a release write and a full fence after it, a volatile read an acquire read, so SB with
 * only one side volatile keeps its relaxed outcome (a volatile read does not wait for its own
 * thread's buffered writes, and reads them by store forwarding). Names match the classes in {@code examples.litmus}, which
 * assert that the same outcome does not happen.
 */
final class LitmusTable {
    record LitmusCase(String name, Program program, Map<String, Integer> relaxedOutcome,
                      boolean allowedSc, boolean allowedTso, boolean allowedPso) {
        boolean allowedUnder(MemoryModel model) {
            return switch (model) {
                case SC -> allowedSc;
                case TSO -> allowedTso;
                case PSO -> allowedPso;
                case JMM -> throw new UnsupportedOperationException("jmm verdicts are JmmLitmusTable's");
            };
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private LitmusTable() {
    }

    static final List<LitmusCase> CASES = List.of(
            new LitmusCase("SB", program(
                    thread(write("x", 1), read("y", "r0")),
                    thread(write("y", 1), read("x", "r1"))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("SBFences", program(
                    thread(write("x", 1), new Fence(), read("y", "r0")),
                    thread(write("y", 1), new Fence(), read("x", "r1"))),
                    Map.of("r0", 0, "r1", 0), false, false, false),
            new LitmusCase("SBVolatile", program(
                    thread(volatileWrite("x", 1), volatileRead("y", "r0")),
                    thread(volatileWrite("y", 1), volatileRead("x", "r1"))),
                    Map.of("r0", 0, "r1", 0), false, false, false),
            new LitmusCase("SBVolatileY", program(
                    thread(write("x", 1), volatileRead("y", "r0")),
                    thread(volatileWrite("y", 1), read("x", "r1"))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("SBVolatileX", program(
                    thread(volatileWrite("x", 1), read("y", "r0")),
                    thread(write("y", 1), volatileRead("x", "r1"))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("SBForwardingVolatile", program(
                    thread(write("x", 1), volatileRead("x", "r0"), read("y", "r1")),
                    thread(write("y", 1), volatileRead("y", "r2"), read("x", "r3"))),
                    Map.of("r0", 1, "r1", 0, "r2", 1, "r3", 0), false, true, true),
            new LitmusCase("MP", program(
                    thread(write("x", 1), write("y", 1)),
                    thread(read("y", "r0"), read("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, true),
            new LitmusCase("MPFinal", program(
                    thread(write("x", 1), write("latest", 1), new StoreStoreFence(), write("shared", 1)),
                    thread(read("shared", "r0"), read("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPVolatile", program(
                    thread(write("x", 1), volatileWrite("y", 1)),
                    thread(volatileRead("y", "r0"), read("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPVolatileWritingReader", program(
                    thread(write("x", 1), volatileWrite("y", 1)),
                    thread(write("z", 1), volatileRead("y", "r0"), read("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPVolatileX", program(
                    thread(volatileWrite("x", 1), write("y", 1)),
                    thread(read("y", "r0"), volatileRead("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPVolatileData", program(
                    thread(volatileWrite("x", 1), volatileWrite("y", 1)),
                    thread(volatileRead("y", "r0"), volatileRead("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("LB", program(
                    thread(read("x", "r0"), write("y", 1)),
                    thread(read("y", "r1"), write("x", 1))),
                    Map.of("r0", 1, "r1", 1), false, false, false),
            new LitmusCase("IRIW", program(
                    thread(write("x", 1)),
                    thread(write("y", 1)),
                    thread(read("x", "r0"), read("y", "r1")),
                    thread(read("y", "r2"), read("x", "r3"))),
                    Map.of("r0", 1, "r1", 0, "r2", 1, "r3", 0), false, false, false),
            new LitmusCase("WRC", program(
                    thread(write("x", 1)),
                    thread(read("x", "r0"), write("y", 1)),
                    thread(read("y", "r1"), read("x", "r2"))),
                    Map.of("r0", 1, "r1", 1, "r2", 0), false, false, false),
            new LitmusCase("CoRR", program(
                    thread(write("x", 1)),
                    thread(read("x", "r0"), read("x", "r1"))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("CoWR", program(
                    thread(write("x", 1), read("x", "r0")),
                    thread(write("x", 2))),
                    Map.of("r0", 2, "x", 1), false, false, false),
            new LitmusCase("TwoPlusTwoW", program(
                    thread(write("x", 1), write("y", 2)),
                    thread(write("y", 1), write("x", 2))),
                    Map.of("x", 1, "y", 1), false, false, true),
            new LitmusCase("S", program(
                    thread(write("x", 2), write("y", 1)),
                    thread(read("y", "r0"), write("x", 1))),
                    Map.of("r0", 1, "x", 2), false, false, true),
            new LitmusCase("ISA2", program(
                    thread(write("x", 1), write("y", 1)),
                    thread(read("y", "r0"), write("z", 1)),
                    thread(read("z", "r1"), read("x", "r2"))),
                    Map.of("r0", 1, "r1", 1, "r2", 0), false, false, true),
            new LitmusCase("R", program(
                    thread(write("x", 1), write("y", 1)),
                    thread(write("y", 2), read("x", "r0"))),
                    Map.of("y", 2, "r0", 0), false, true, true),
            new LitmusCase("RWC", program(
                    thread(write("x", 1)),
                    thread(read("x", "r0"), read("y", "r1")),
                    thread(write("y", 1), read("x", "r2"))),
                    Map.of("r0", 1, "r1", 0, "r2", 0), false, true, true),
            new LitmusCase("SBForwarding", program(
                    thread(write("x", 1), read("x", "r0"), read("y", "r1")),
                    thread(write("y", 1), read("y", "r2"), read("x", "r3"))),
                    Map.of("r0", 1, "r1", 0, "r2", 1, "r3", 0), false, true, true),
            new LitmusCase("SBAcqRel", program(
                    thread(write("x", 1, Mode.RELEASE), read("y", "r0", Mode.ACQUIRE)),
                    thread(write("y", 1, Mode.RELEASE), read("x", "r1", Mode.ACQUIRE))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("SBOpaque", program(
                    thread(write("x", 1, Mode.OPAQUE), read("y", "r0", Mode.OPAQUE)),
                    thread(write("y", 1, Mode.OPAQUE), read("x", "r1", Mode.OPAQUE))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("SBVolatileHandle", program(
                    thread(write("x", 1, Mode.VOLATILE), read("y", "r0", Mode.VOLATILE)),
                    thread(write("y", 1, Mode.VOLATILE), read("x", "r1", Mode.VOLATILE))),
                    Map.of("r0", 0, "r1", 0), false, false, false),
            new LitmusCase("SBAtomicRelease", program(
                    thread(write("x", 1, Mode.RELEASE), read("y", "r0", Mode.ACQUIRE)),
                    thread(write("y", 1, Mode.RELEASE), read("x", "r1", Mode.ACQUIRE))),
                    Map.of("r0", 0, "r1", 0), false, true, true),
            new LitmusCase("MPAcqRel", program(
                    thread(write("x", 1, Mode.PLAIN), write("y", 1, Mode.RELEASE)),
                    thread(read("y", "r0", Mode.ACQUIRE), read("x", "r1", Mode.PLAIN))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPOpaque", program(
                    thread(write("x", 1, Mode.PLAIN), write("y", 1, Mode.OPAQUE)),
                    thread(read("y", "r0", Mode.OPAQUE), read("x", "r1", Mode.PLAIN))),
                    Map.of("r0", 1, "r1", 0), false, false, true),
            new LitmusCase("MPFences", program(
                    thread(write("x", 1, Mode.PLAIN), new StoreStoreFence(), write("y", 1, Mode.PLAIN)),
                    thread(read("y", "r0", Mode.PLAIN), read("x", "r1", Mode.PLAIN))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPAtomicLazySet", program(
                    thread(write("x", 1, Mode.PLAIN), write("y", 1, Mode.RELEASE)),
                    thread(read("y", "r0", Mode.ACQUIRE), read("x", "r1", Mode.PLAIN))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("MPAtomicPlain", program(
                    thread(write("x", 1, Mode.PLAIN), write("y", 1, Mode.PLAIN)),
                    thread(read("y", "r0", Mode.PLAIN), read("x", "r1", Mode.PLAIN))),
                    Map.of("r0", 1, "r1", 0), false, false, true),
            new LitmusCase("LBAcqRel", program(
                    thread(read("x", "r0", Mode.ACQUIRE), write("y", 1, Mode.RELEASE)),
                    thread(read("y", "r1", Mode.ACQUIRE), write("x", 1, Mode.RELEASE))),
                    Map.of("r0", 1, "r1", 1), false, false, false),
            new LitmusCase("IRIWAcqRel", program(
                    thread(write("x", 1, Mode.RELEASE)),
                    thread(write("y", 1, Mode.RELEASE)),
                    thread(read("x", "r0", Mode.ACQUIRE), read("y", "r1", Mode.ACQUIRE)),
                    thread(read("y", "r2", Mode.ACQUIRE), read("x", "r3", Mode.ACQUIRE))),
                    Map.of("r0", 1, "r1", 0, "r2", 1, "r3", 0), false, false, false),
            new LitmusCase("WRCAcqRel", program(
                    thread(write("x", 1, Mode.RELEASE)),
                    thread(read("x", "r0", Mode.ACQUIRE), write("y", 1, Mode.RELEASE)),
                    thread(read("y", "r1", Mode.ACQUIRE), read("x", "r2", Mode.ACQUIRE))),
                    Map.of("r0", 1, "r1", 1, "r2", 0), false, false, false),
            new LitmusCase("TwoPlusTwoWRelease", program(
                    thread(write("x", 1, Mode.PLAIN), write("y", 2, Mode.RELEASE)),
                    thread(write("y", 1, Mode.PLAIN), write("x", 2, Mode.RELEASE))),
                    Map.of("x", 1, "y", 1), false, false, false),
            new LitmusCase("TwoPlusTwoWOpaque", program(
                    thread(write("x", 1, Mode.OPAQUE), write("y", 2, Mode.OPAQUE)),
                    thread(write("y", 1, Mode.OPAQUE), write("x", 2, Mode.OPAQUE))),
                    Map.of("x", 1, "y", 1), false, false, true),
            new LitmusCase("CoRROpaque", program(
                    thread(write("x", 1, Mode.OPAQUE)),
                    thread(read("x", "r0", Mode.OPAQUE), read("x", "r1", Mode.OPAQUE))),
                    Map.of("r0", 1, "r1", 0), false, false, false),
            new LitmusCase("CoWROpaque", program(
                    thread(write("x", 1, Mode.OPAQUE), read("x", "r0", Mode.OPAQUE)),
                    thread(write("x", 2, Mode.OPAQUE))),
                    Map.of("r0", 2, "x", 1), false, false, false));

    @SafeVarargs
    private static Program program(List<Op>... threads) {
        return new Program(List.of(threads));
    }

    private static List<Op> thread(Op... ops) {
        return List.of(ops);
    }

    private static Op write(String location, int value) {
        return write(location, value, Mode.PLAIN);
    }

    private static Op volatileWrite(String location, int value) {
        return write(location, value, Mode.VOLATILE);
    }

    private static Op write(String location, int value, Mode mode) {
        return new Write(location, value, mode);
    }

    private static Op read(String location, String register) {
        return read(location, register, Mode.PLAIN);
    }

    private static Op volatileRead(String location, String register) {
        return read(location, register, Mode.VOLATILE);
    }

    private static Op read(String location, String register, Mode mode) {
        return new Read(location, register, mode);
    }
}
