package dev.weft.runtime.hooks;

/**
 * The class loader of one run's copy of the program: what the program's instrumented code needs
 * from its run that it cannot find through its thread ({@link Hooks}) or keep in Weft's support
 * classes, which every run shares.
 */
public interface RunLoader {
    /** The handler of the run whose program this loader defines. */
    HookHandler handler();

    /** A program class of this run finished its initialisation: its static initialiser returned. */
    void initialized(Class<?> type);

    /**
     * Whether the runtime models the initialisation of {@code type}, a class this loader defined: who runs its
     * static initialiser and who waits for it. False where the class has no static initialiser of its own, or
     * one that touches nothing another thread could see or change and reaches no scheduling point.
     */
    boolean modelsInitialisation(Class<?> type);

    /**
     * What the program's {@code System.in} is in this run: the standard input every run reads from its
     * start, or the stream the program passed to {@code System.setIn}.
     */
    java.io.InputStream standardInput();

    /** The program's {@code System.setIn} in this run: it changes this run's {@link #standardInput()} only. */
    void setStandardInput(java.io.InputStream in);

    /** The name the JDK gives a thread made without one, counted from 0 in every run. */
    String nextThreadName();
}
