package examples.executors;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * invokeAll returns once every task is done: two locked ticket draws, whose tickets are 1 and 2 in some order. (On a
 * cached pool, whose idle workers may time out at any moment, mcr takes 4,424 runs instead of 156: docs/jdk.md.)
 */
public class PoolInvokeAll {
    private int issued;

    private synchronized int draw() {
        return ++issued;
    }

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        PoolInvokeAll tickets = new PoolInvokeAll();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Callable<Integer>> draws = List.of(tickets::draw, tickets::draw);
        List<Integer> drawn = new ArrayList<>();
        for (Future<Integer> ticket : pool.invokeAll(draws)) {
            if (!ticket.isDone()) {
                throw new AssertionError("invokeAll returned before a task was done");
            }
            drawn.add(ticket.get());
        }
        pool.shutdown();
        if (drawn.size() != 2 || drawn.get(0) + drawn.get(1) != 3 || drawn.get(0).equals(drawn.get(1))) {
            throw new AssertionError("tickets " + drawn + ", expected 1 and 2");
        }
    }
}
