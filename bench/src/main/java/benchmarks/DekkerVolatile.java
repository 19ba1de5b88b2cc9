package benchmarks;

import examples.MutualExclusionCheck;

/** {@link Dekker} with volatile flags and turn: correct under SC, TSO and PSO. */
public class DekkerVolatile {
    public static void main(String[] args) throws InterruptedException {
        Dekker protocol = new Dekker(Cells.volatileAccess(3));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }
}
