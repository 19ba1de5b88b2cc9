package dev.weft.race;

import java.util.List;

/**
 * The data races of an exploration and how they were looked for.
 *
 * @param races       one per racy pair of program locations
 * @param predictive  true when races were also predicted from each run's causal model, not only observed
 * @param queries     race queries asked of the solver
 * @param unknown     queries that hit the solver's limits: neither a race nor ruled out
 * @param skipped     candidate location pairs not asked because a run's query budget ran out or its causal model was too large
 * @param unconfirmed predicted races whose witness run did not show them (a Weft defect; not reported as races)
 */
public record RaceFindings(List<Race> races, boolean predictive, long queries, long unknown, long skipped, long unconfirmed) {

    /** Races observed by happens-before alone. */
    public static RaceFindings observed(List<Race> races) {
        return new RaceFindings(races, false, 0, 0, 0, 0);
    }
}
