package dev.weft.causal;

import dev.weft.trace.Choice;
import java.io.Serializable;
import java.util.BitSet;
import java.util.List;

/**
 * A seed interleaving: the schedule prefix a run follows to reach the state {@code query} asked
 * for, before the continuation policy takes over.
 *
 * @param query    what the prefix achieves
 * @param schedule the choices, in order: thread steps and (TSO/PSO) flushes
 * @param forced   which choices the state needs (the others only keep the trace's interleaving,
 *                 see {@link TraceOrderExtension}); the run's seeds keep the forced operations
 * @param region   the operations the prefix forces and the values its reads return (and, for a
 *                 final-value seed, the final values it fixes), independent of their order: seeds
 *                 with equal regions lead to the same causal model, so only one of them is run
 * @param prefix   the same for every operation of the schedule, the forced ones and the others
 * @param finalReadsFixed how many of the virtual final reads ({@link CausalModel#isFinalRead}) keep
 *                 their values in the seeds of the run this seed starts
 * @param leavesPrefix whether the solver was asked for it without the trace's fixed prefix (kept before the cut, no order
 *                 allowed the state; see {@link CausalModel}), or for a seed of a run below such a seed: its run may
 *                 repeat a state another seed reached
 */
public record Seed(SeedQuery query, List<Choice> schedule, BitSet forced, Region region, Region prefix, int finalReadsFixed,
                   boolean leavesPrefix) implements Serializable {

    /** This seed, marked as below a seed that left its trace's prefix. */
    public Seed belowALeftPrefix() {
        return leavesPrefix ? this : new Seed(query, schedule, forced, region, prefix, finalReadsFixed, true);
    }
}
