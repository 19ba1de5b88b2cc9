package dev.weft.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.weft.causal.EndProgress;
import dev.weft.causal.Region;
import dev.weft.trace.Address;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Region keys are the same whatever order a JVM keeps a region's sets and maps in, and differ when the region does. */
class StateKeyTest {

    @Test
    void equalRegionsHaveOneKeyWhateverTheirSetsOrder() {
        Region one = region(ordered(Map.of(1, 3), Map.of(2, 5)), ordered(Set.of(7L), Set.of(9L)), 11);
        Region other = region(ordered(Map.of(2, 5), Map.of(1, 3)), ordered(Set.of(9L), Set.of(7L)), 11);
        assertEquals(one, other);
        assertEquals(StateKey.of(one), StateKey.of(other));
    }

    @Test
    void regionsThatDifferHaveDifferentKeys() {
        Region one = region(ordered(Map.of(1, 3), Map.of(2, 5)), ordered(Set.of(7L), Set.of(9L)), 11);
        Region other = region(ordered(Map.of(1, 3), Map.of(2, 6)), ordered(Set.of(7L), Set.of(9L)), 11);
        Region readsOther = region(ordered(Map.of(1, 3), Map.of(2, 5)), ordered(Set.of(7L), Set.of(9L)), 12);
        assertNotEquals(StateKey.of(one), StateKey.of(other));
        assertNotEquals(StateKey.of(one), StateKey.of(readsOther));
    }

    @Test
    void aClusterListIsHostColonPort() {
        assertEquals(List.of(new ClusterAddress("127.0.0.1", 5701), new ClusterAddress("localhost", 5702)),
                ClusterAddress.parseList("127.0.0.1:5701, localhost:5702"));
        assertThrows(IllegalArgumentException.class, () -> ClusterAddress.parseList("127.0.0.1"));
        assertThrows(IllegalArgumentException.class, () -> ClusterAddress.parseList("127.0.0.1:0"));
        assertThrows(IllegalArgumentException.class, () -> ClusterAddress.parseList("127.0.0.1:5701,"));
        assertThrows(IllegalArgumentException.class, () -> ClusterAddress.parseList(":5701"));
    }

    private static Region region(Map<Integer, Integer> lengths, Set<Long> flushes, long reads) {
        return new Region(lengths, reads, reads + 1, 0, 0, flushes, List.of(new Address(Address.Kind.STATIC_FIELD, 0, 4)), List.of(1L),
                false, Set.of(), Set.of(), new EndProgress(Set.of(), Set.of()));
    }

    @SafeVarargs
    private static <K, V> Map<K, V> ordered(Map<K, V>... parts) {
        Map<K, V> all = new LinkedHashMap<>();
        for (Map<K, V> part : parts) {
            all.putAll(part);
        }
        return all;
    }

    @SafeVarargs
    private static <T> Set<T> ordered(Set<T>... parts) {
        Set<T> all = new LinkedHashSet<>();
        for (Set<T> part : parts) {
            all.addAll(part);
        }
        return all;
    }
}
