package subjects;

import java.util.concurrent.CompletableFuture;

/** Calls a method of a java.util.concurrent class that Weft models, where the model has no such method. */
public class UsesRefusedConcurrency {
    public static void main(String[] args) {
        new CompletableFuture<String>().obtrudeValue("forced");
    }
}
