package dev.weft.causal;

import dev.weft.trace.Choice;
import java.util.List;

/**
 * A seed interleaving: the schedule prefix a run follows to reach the state {@code query} asked
 * for, before the continuation policy takes over.
 *
 * @param query    what the prefix achieves
 * @param schedule the choices, in order: thread steps and (TSO/PSO) flushes
 */
public record Seed(SeedQuery query, List<Choice> schedule) {
}
