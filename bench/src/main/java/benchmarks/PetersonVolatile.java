package benchmarks;

import examples.MutualExclusionCheck;

/** {@link Peterson} with volatile flags and turn: correct under SC, TSO and PSO. */
public class PetersonVolatile {
    public static void main(String[] args) throws InterruptedException {
        Peterson protocol = new Peterson(Cells.volatileAccess(3));
        MutualExclusionCheck.check(protocol::enter, protocol::exit);
    }
}
