package dev.weft.trace;

/** The {@code java.lang.invoke.VarHandle} fences. Which program-order pairs each one keeps is the memory model's business. */
public enum FenceKind {
    FULL, ACQUIRE, RELEASE, LOAD_LOAD, STORE_STORE
}
