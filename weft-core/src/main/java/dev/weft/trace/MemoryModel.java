package dev.weft.trace;

/** The memory models Weft checks under (the README's "Memory models" says what each allows). */
public enum MemoryModel {
    /** Sequential consistency: every write is visible at once. */
    SC,
    /** Total store order: one FIFO store buffer per thread. */
    TSO,
    /** Partial store order: one FIFO store buffer per thread and address. */
    PSO,
    /**
     * Java's language-level model, weaker than PSO: plain accesses reorder freely subject to coherence
     * (and, as a departure, never read->write: see README "Memory models"), acquires and releases
     * order as the JMM says, volatile accesses are SC among themselves (runtime's JmmViews).
     */
    JMM
}
