package dev.weft.cluster;

import dev.weft.trace.Choice;
import dev.weft.trace.IncompleteReason;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What running one seed came to, written once, when its successors are all queued: the exploration's result is made of
 * these alone, so a member that dies mid-seed loses nothing (its seed is run again elsewhere) and counts nothing twice.
 *
 * @param run           the run's number among the job's runs (as counted across the cluster; for reports), 0 without a run
 * @param state         the run's read state ({@link dev.weft.causal.ReadSignature}) as a key, or null without a run
 * @param status        the run's status name, or null without a run
 * @param schedule      the run's schedule when it showed a bug (the checking JVM replays it for the report), else empty
 * @param inputs        the program inputs of that run
 * @param reasons       what this seed's run and expansion cut or left undecided
 * @param solverSeconds seconds the seed's expansion spent solving
 * @param error         what Weft could not do for a run that it could not model or that diverged, else null
 */
record SeedResult(long run, String state, String status, List<Choice> schedule, Map<String, Long> inputs,
                  List<IncompleteReason> reasons, double solverSeconds, String error) implements Serializable {

    boolean ran() {
        return run > 0;
    }

    boolean bug() {
        return !schedule.isEmpty();
    }
}
