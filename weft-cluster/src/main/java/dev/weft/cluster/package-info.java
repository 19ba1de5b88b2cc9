/**
 * One mcr exploration shared by the JVMs of a cluster, on Hazelcast's embedded members: the seeds, the explored
 * read states, the leases of the seeds being run and every seed's result live in Hazelcast's distributed maps and
 * queue, and the program's name tables take their ids from a distributed map so that a seed means the same in every
 * JVM. The front ({@code weft check --cluster}, {@code weft worker}) is in weft-cli; weft-core knows nothing of it.
 */
package dev.weft.cluster;
