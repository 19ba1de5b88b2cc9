package demo;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/** Computes each price at most once; every access to the map holds the cache's lock. */
public class PriceCache {
    private final Map<String, Integer> prices = new HashMap<>();
    private final Function<String, Integer> lookup;
    private int lookups;

    public PriceCache(Function<String, Integer> lookup) {
        this.lookup = lookup;
    }

    public synchronized int price(String item) {
        Integer known = prices.get(item);
        if (known == null) {
            lookups++;
            known = lookup.apply(item);
            prices.put(item, known);
        }
        return known;
    }

    public synchronized int lookups() {
        return lookups;
    }
}
