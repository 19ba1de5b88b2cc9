/**
 * The strategies ({@code mcr}, {@code dpor}, {@code dfs}, {@code icb}, {@code pct}, {@code random}: a
 * {@link dev.weft.explore.Strategy} per exploration, a {@link dev.weft.runtime.SchedulePolicy} per run)
 * and the loop that drives them ({@link dev.weft.explore.Explorer}: runs, limits, the deadline, bugs
 * replayed once, and the reasons an exploration is not complete).
 *
 * <p>Where this package sits in the pipeline, and what it may use: docs/architecture.md.
 */
package dev.weft.explore;
