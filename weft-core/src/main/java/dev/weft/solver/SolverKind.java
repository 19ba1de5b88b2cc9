package dev.weft.solver;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The available {@link OrderSolver} backends, by their command-line names. */
public enum SolverKind {
    /** The dedicated ordering solver: CDCL with an acyclicity theory. */
    ORDER(CdclOrderSolver::new),
    /** Z3 with its difference-logic arithmetic solver. */
    Z3(Z3OrderSolver::new);

    private final Supplier<OrderSolver> factory;

    SolverKind(Supplier<OrderSolver> factory) {
        this.factory = factory;
    }

    /** A new solver instance; the caller closes it. */
    public OrderSolver create() {
        return factory.get();
    }

    /** The command-line name ({@code order}, {@code z3}). */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code name} (case-insensitive). */
    public static SolverKind parse(String name) {
        for (SolverKind kind : values()) {
            if (kind.cliName().equalsIgnoreCase(name.strip())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown solver '" + name + "'; expected one of "
                + Arrays.stream(values()).map(SolverKind::cliName).collect(Collectors.joining(", ")));
    }
}
