package demo;

/**
 * Publishes a value through a plain (non-volatile) flag. Sequential consistency and TSO keep the two
 * writes in order; PSO lets the flag's write land first, so a reader can see the flag without the value.
 */
public class Config {
    private int timeout;
    private boolean ready;

    public void publish(int value) {
        timeout = value;
        ready = true;
    }

    /** The published timeout, or -1 if none is published yet. */
    public int timeoutIfReady() {
        return ready ? timeout : -1;
    }
}
