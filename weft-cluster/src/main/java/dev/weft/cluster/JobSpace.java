package dev.weft.cluster;

import com.hazelcast.collection.IQueue;
import com.hazelcast.core.DistributedObject;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.crdt.pncounter.PNCounter;
import com.hazelcast.map.IMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A job's structures in the cluster. A seed is named by its region's key ({@link StateKey}): the map of seeds is MCR's
 * index of the regions ever queued, so a region is run once across the cluster. A seed is open until its result is in
 * the map of results, which is written only after the seeds it led to are in the map of seeds: the job is done when
 * every seed has a result. The queue holds names of open seeds for the members to take; a member takes one by leasing
 * it, and the leases of a member that leaves are dropped so that its seeds are queued again ({@link #requeueLeasesOf}).
 */
final class JobSpace {
    /** The name of the exploration's first run, which has no seed. */
    static final String FIRST = "first";
    static final String STOP = "stop";

    final Job job;
    final IMap<String, SeedBox> seeds;
    final IMap<String, SeedResult> results;
    final IMap<String, UUID> leases;
    final IQueue<String> queue;
    /** The job's stop ("stop": an {@link dev.weft.explore.ExplorationResult.Stop} name) once one is met. */
    final IMap<String, String> control;
    /** Runs made and runs that showed a bug, for progress and run numbers only (the result counts the results). */
    final PNCounter runs;
    final PNCounter bugs;
    /** Each member's runs so far, by its address: the cluster's progress line. */
    final IMap<String, Long> memberRuns;
    final ClusterIds ids;

    JobSpace(HazelcastInstance hazelcast, Job job) {
        this.job = job;
        String prefix = "weft-" + job.id() + "-";
        seeds = hazelcast.getMap(prefix + "seeds");
        results = hazelcast.getMap(prefix + "results");
        leases = hazelcast.getMap(prefix + "leases");
        queue = hazelcast.getQueue(prefix + "queue");
        control = hazelcast.getMap(prefix + "control");
        runs = hazelcast.getPNCounter(prefix + "runs");
        bugs = hazelcast.getPNCounter(prefix + "bugs");
        memberRuns = hazelcast.getMap(prefix + "member-runs");
        ids = new ClusterIds(hazelcast, prefix);
    }

    /** Queues a seed unless its region was queued before (by any member); returns whether it was new. */
    boolean offer(String name, SeedBox seed) {
        if (seeds.putIfAbsent(name, seed) != null) {
            return false;
        }
        queue.offer(name);
        return true;
    }

    /** Leases an open seed to {@code member}: false when another holds it or it has its result already. */
    boolean lease(String name, UUID member) {
        if (leases.putIfAbsent(name, member) != null) {
            return false;
        }
        if (results.containsKey(name)) {
            leases.remove(name);
            return false;
        }
        return true;
    }

    /** Records a seed's result (the first one written counts) and ends its lease. */
    void finish(String name, SeedResult result) {
        results.putIfAbsent(name, result);
        leases.remove(name);
    }

    /** Whether every seed ever queued has its result: results are read first, so a seed queued meanwhile is not missed. */
    boolean done() {
        int finished = results.size();
        return finished == seeds.size();
    }

    void stop(String stop) {
        control.putIfAbsent(STOP, stop);
    }

    String stopped() {
        return control.get(STOP);
    }

    /** Drops the leases of a member that left and queues their seeds again (those without a result). */
    void requeueLeasesOf(UUID member) {
        List<String> held = leases.entrySet().stream().filter(e -> e.getValue().equals(member)).map(Map.Entry::getKey).toList();
        for (String name : held) {
            leases.remove(name);
            if (!results.containsKey(name)) {
                queue.offer(name);
            }
        }
    }

    /**
     * Queues again every open seed that nobody holds and that is not queued: one whose name a member that died between
     * queuing the seed and its name never queued. Harmless when a name is queued twice: leasing skips it.
     */
    void requeueUnleased() {
        for (String name : seeds.keySet()) {
            if (!results.containsKey(name) && !leases.containsKey(name) && !queue.contains(name)) {
                queue.offer(name);
            }
        }
    }

    /** Frees the job's structures: workers live on from check to check. */
    void destroy() {
        List.of(seeds, results, leases, queue, control, runs, bugs, memberRuns).forEach(DistributedObject::destroy);
        ids.destroy();
    }
}
