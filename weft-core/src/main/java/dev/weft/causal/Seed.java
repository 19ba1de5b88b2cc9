package dev.weft.causal;

import dev.weft.trace.Choice;
import java.util.List;
import java.util.Set;

/**
 * A seed interleaving: the schedule prefix a run follows to reach the state {@code query} asked
 * for, before the continuation policy takes over.
 *
 * @param query    what the prefix achieves
 * @param schedule the choices, in order: thread steps and (TSO/PSO) flushes
 * @param effect   the operations the prefix performs and the values its reads return (and, for a
 *                 final-value seed, the final values it fixes), independent of their order: seeds
 *                 with equal effects lead to the same causal model, so only one of them is run
 */
public record Seed(SeedQuery query, List<Choice> schedule, Set<String> effect) {
}
