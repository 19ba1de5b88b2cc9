package dev.weft.explore;

import dev.weft.trace.MemoryModel;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The strategies {@code --strategy} names, each with how to build it from the options. */
public enum StrategyKind {
    MCR("mcr", options -> new McrStrategy(options.solver(), options.memoryModel(), options.queryLimits())),
    DFS("dfs", options -> new DfsStrategy()),
    RANDOM("random", options -> new RandomStrategy(options.seed(), options.runs())),
    /** Under JMM DPOR's reduction does not know the reorderings ({@code runtime.JmmViews}): it explores every choice, as DFS does. */
    DPOR("dpor", options -> options.memoryModel() == MemoryModel.JMM ? new DfsStrategy("dpor") : new DporStrategy(options.memoryModel())),
    ICB("icb", options -> new IcbStrategy(options.preemptionBound())),
    PCT("pct", options -> new PctStrategy(options.memoryModel(), options.seed(), options.depth(), options.runs())),
    /** mcr with pct beside it, run for run; pct without a run limit of its own, as mcr's runs end the exploration. */
    PORTFOLIO("portfolio", options -> new PortfolioStrategy(MCR.create(options),
            new PctStrategy(options.memoryModel(), options.seed(), options.depth(), 0))),
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
        return this == MCR || this == PORTFOLIO;
    }

    /**
     * Whether the strategy explores {@code -m jmm} soundly: MCR's causal model, ICB's preemption bound and
     * PCT's priorities do not know its reorderings; DFS and random runs take every choice the runtime offers.
     */
    public boolean supportsJmm() {
        return this == DFS || this == DPOR || this == RANDOM;
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
