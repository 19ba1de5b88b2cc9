package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * What every litmus program shares: run the threads concurrently, then check that the relaxed
 * outcome did not happen. "Bug found" therefore means "outcome allowed by the memory model".
 */
final class Litmus {
    private Litmus() {
    }

    /** Creates every thread before starting any, so that the harness adds no shared accesses between starts. */
    static void runConcurrently(Runnable... bodies) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable body : bodies) {
            threads.add(new Thread(body));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** A VarHandle on the static int field {@code name} of the class {@code lookup} was made in. */
    static VarHandle handle(MethodHandles.Lookup lookup, String name) {
        try {
            return lookup.findStaticVarHandle(lookup.lookupClass(), name, int.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    static void forbid(boolean outcomeObserved, String outcome) {
        if (outcomeObserved) {
            throw new AssertionError("relaxed outcome observed: " + outcome);
        }
    }
}
