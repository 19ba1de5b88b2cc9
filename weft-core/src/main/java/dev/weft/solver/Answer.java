package dev.weft.solver;

/**
 * A solver's answer to one query.
 *
 * @param status SAT, UNSAT or UNKNOWN
 * @param order  for SAT: every event mentioned by the asserted formulas, in an order that satisfies them
 * @param core   for UNSAT: indices (into the query's assumption list) of assumptions that are already
 *               unsatisfiable together with the base constraints; may be all of them
 * @param reason for UNKNOWN: why (time limit, step limit, solver error), one line
 */
public record Answer(Status status, int[] order, int[] core, String reason) {

    public enum Status { SAT, UNSAT, UNKNOWN }

    public static Answer sat(int[] order) {
        return new Answer(Status.SAT, order, null, null);
    }

    public static Answer unsat(int[] core) {
        return new Answer(Status.UNSAT, null, core, null);
    }

    public static Answer unknown(String reason) {
        return new Answer(Status.UNKNOWN, null, null, reason);
    }

    public boolean isSat() {
        return status == Status.SAT;
    }
}
