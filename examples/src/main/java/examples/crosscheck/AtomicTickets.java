package examples.crosscheck;

import java.util.concurrent.atomic.AtomicInteger;

/** Atomic read-modify-write: getAndIncrement gives the two threads distinct tickets, in either order. */
public class AtomicTickets {
    static final AtomicInteger dispenser = new AtomicInteger();
    static int ticketOfFirst;
    static int ticketOfSecond;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> ticketOfFirst = dispenser.getAndIncrement());
        Thread second = new Thread(() -> ticketOfSecond = dispenser.getAndIncrement());
        first.start();
        second.start();
        first.join();
        second.join();
    }
}
