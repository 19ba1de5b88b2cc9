/**
 * Data-race analysis over the runs an exploration makes: the happens-before check of one trace
 * ({@link dev.weft.race.DataRaces}), the races gathered per pair of program locations and predicted from
 * each run's causal model ({@link dev.weft.race.RaceCollector}), and what it hands on ({@link dev.weft.race.RaceFindings}).
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.race;
