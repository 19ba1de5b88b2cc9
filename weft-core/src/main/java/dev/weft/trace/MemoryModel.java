package dev.weft.trace;

/** The memory models Weft checks under (the README's "Memory models" says what each allows). */
public enum MemoryModel {
    /** Sequential consistency: every write is visible at once. */
    SC,
    /** Total store order: one FIFO store buffer per thread. */
    TSO,
    /** Partial store order: one FIFO store buffer per thread and address. */
    PSO
}
