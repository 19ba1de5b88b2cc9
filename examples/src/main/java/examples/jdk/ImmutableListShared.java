package examples.jdk;

import java.util.List;

/** An immutable List.of shared by two reading threads through a static field: nothing can change it, so its calls are no events and nothing races. */
public class ImmutableListShared {
    private static final List<String> NAMES = List.of("alice", "bob", "carol");

    static int letters() {
        int letters = 0;
        for (String name : NAMES) {
            letters += name.length();
        }
        return letters + (NAMES.contains("bob") ? 0 : 100);
    }

    public static void main(String[] args) throws InterruptedException {
        int[] seen = new int[2];
        TwoThreads.run(() -> seen[0] = letters(), () -> seen[1] = letters());
        if (seen[0] != 13 || seen[1] != 13) {
            throw new AssertionError("counted " + seen[0] + " and " + seen[1]);
        }
    }
}
