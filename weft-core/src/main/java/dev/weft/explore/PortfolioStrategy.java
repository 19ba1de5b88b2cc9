package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;

/**
 * A systematic strategy with a sampling one beside it ({@code -s portfolio}: mcr and pct), taking
 * turns run by run: a bug that random search reaches at once but the systematic order late is found
 * early, and the first bug either finds stops the exploration as usual. Completeness comes from the
 * systematic strategy alone: the exploration ends when it runs out of runs, whatever the sampler
 * has left, and its reasons are the portfolio's. On several workers every share is a systematic
 * share with a sampling share beside it.
 */
public final class PortfolioStrategy implements Strategy {
    private final Strategy systematic;
    /** Null when the sampler had no share left to give. */
    private final Strategy sampler;
    private boolean samplersTurn;
    private Strategy madeLastRun;

    public PortfolioStrategy(Strategy systematic, Strategy sampler) {
        this.systematic = systematic;
        this.sampler = sampler;
    }

    @Override
    public String name() {
        return "portfolio";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (samplersTurn && sampler != null) {
            samplersTurn = false;
            SchedulePolicy sampled = sampler.nextRun();
            if (sampled != null) {
                madeLastRun = sampler;
                return sampled;
            }
        }
        SchedulePolicy next = systematic.nextRun();
        madeLastRun = systematic;
        samplersTurn = true;
        return next;
    }

    @Override
    public void runFinished(RunResult result) {
        madeLastRun.runFinished(result);
    }

    @Override
    public void stopWorkingAt(Deadline deadline) {
        systematic.stopWorkingAt(deadline);
        if (sampler != null) {
            sampler.stopWorkingAt(deadline);
        }
    }

    /** A share of the systematic strategy's work, with a share of the sampler's beside it; null when the systematic one cannot share. */
    @Override
    public Strategy split() {
        Strategy systematicShare = systematic.split();
        if (systematicShare == null) {
            return null;
        }
        return new PortfolioStrategy(systematicShare, sampler != null ? sampler.split() : null);
    }

    /** The systematic strategy's: the sampler's runs prove nothing, and leaving them undone takes nothing away. */
    @Override
    public List<IncompleteReason> incompleteReasons() {
        return systematic.incompleteReasons();
    }

    @Override
    public long pending() {
        return systematic.pending();
    }

    @Override
    public long repeatedRuns() {
        return systematic.repeatedRuns();
    }

    @Override
    public double solverSeconds() {
        return systematic.solverSeconds();
    }
}
