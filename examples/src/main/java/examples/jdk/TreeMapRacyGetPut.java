package examples.jdk;

import java.util.TreeMap;

/** A reader looks a key up in a TreeMap while a writer puts it, with no lock: the get and the put race. */
public class TreeMapRacyGetPut {
    public static void main(String[] args) throws InterruptedException {
        TreeMap<String, Integer> prices = new TreeMap<>();
        Integer[] seen = new Integer[1];
        TwoThreads.run(() -> seen[0] = prices.get("tea"), () -> prices.put("tea", 3));
    }
}
