package benchmarks;

import examples.MutualExclusionCheck;

/** {@link LamportFastMutex} with volatile cells: correct under SC, TSO and PSO. */
public class LamportFastMutexVolatile {
    public static void main(String[] args) throws InterruptedException {
        LamportFastMutex protocol = new LamportFastMutex(Cells.volatileAccess(4));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }
}
