package dev.weft.cluster;

import dev.weft.causal.Seed;
import java.io.Serializable;

/** A seed as the cluster's map of seeds holds it; {@code seed} null for the exploration's first run, which has none. */
record SeedBox(Seed seed) implements Serializable {
}
