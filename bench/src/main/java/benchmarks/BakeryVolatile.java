package benchmarks;

import examples.MutualExclusionCheck;

/** {@link Bakery} with volatile choosing flags and numbers: correct under SC, TSO and PSO. */
public class BakeryVolatile {
    public static void main(String[] args) throws InterruptedException {
        Bakery protocol = new Bakery(Cells.volatileAccess(4));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }
}
