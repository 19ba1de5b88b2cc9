package dev.weft.litmus;

import dev.weft.litmus.LitmusSimulator.Fence;
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
 * is allowed under SC, TSO and PSO. Names match the classes in {@code examples.litmus}, which
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
                    Map.of("r0", 1, "r1", 0, "r2", 1, "r3", 0), false, true, true));

    @SafeVarargs
    private static Program program(List<Op>... threads) {
        return new Program(List.of(threads));
    }

    private static List<Op> thread(Op... ops) {
        return List.of(ops);
    }

    private static Op write(String location, int value) {
        return new Write(location, value, false);
    }

    private static Op volatileWrite(String location, int value) {
        return new Write(location, value, true);
    }

    private static Op read(String location, String register) {
        return new Read(location, register, false);
    }

    private static Op volatileRead(String location, String register) {
        return new Read(location, register, true);
    }
}
