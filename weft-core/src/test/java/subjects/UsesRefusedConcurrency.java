package subjects;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;

/** Uses a java.util.concurrent class whose JDK code Weft does not run. */
public class UsesRefusedConcurrency {
    public static void main(String[] args) throws InterruptedException {
        Executor inline = Runnable::run;
        new ExecutorCompletionService<String>(inline).take();
    }
}
