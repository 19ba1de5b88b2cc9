package dev.weft.explore;

import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The strategies {@code --strategy} names, each with how to build it from the options. */
public enum StrategyKind {
    MCR("mcr", options -> new McrStrategy(options.solver(), options.memoryModel(), options.queryLimits())),
    DFS("dfs", options -> new DfsStrategy()),
    RANDOM("random", options -> new RandomStrategy(options.seed(), options.runs())),
    DPOR("dpor", options -> new DporStrategy(options.memoryModel())),
    ICB("icb", options -> new IcbStrategy(options.preemptionBound())),
    PCT("pct", options -> new PctStrategy(options.memoryModel(), options.seed(), options.depth(), options.runs())),
    MPC("mpc", options -> new MpcStrategy(options.memoryModel()));

    private final String cliName;
    private final Function<StrategyOptions, Strategy> factory;

    StrategyKind(String cliName, Function<StrategyOptions, Strategy> factory) {
        this.cliName = cliName;
        this.factory = factory;
    }

    /** The name on the command line and in the JSON summary. */
    public String cliName() {
        return cliName;
    }

    /** True for strategies that build each run's causal model, from which races can be predicted. */
    public boolean hasCausalModel() {
        return this == MCR;
    }

    /** True for strategies that need each run's path conditions: program classes get the shadow execution. */
    public boolean needsPathConditions() {
        return this == MPC;
    }

    public Strategy create(StrategyOptions options) {
        return factory.apply(options);
    }

    /** The kind named {@code name}; an unknown name is a usage error that lists the known ones. */
    public static StrategyKind byName(String name) {
        for (StrategyKind kind : values()) {
            if (kind.cliName.equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown strategy '" + name + "' (known: "
                + Arrays.stream(values()).map(StrategyKind::cliName).collect(Collectors.joining(", ")) + ")");
    }
}
