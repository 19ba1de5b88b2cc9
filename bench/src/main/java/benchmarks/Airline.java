package benchmarks;

/**
 * Bug (the papers' "Airline"): a seller checks that a seat is left and then takes it, without a
 * lock, so three sellers can issue more tickets than the flight has seats (AssertionError).
 */
public class Airline {
    static class Flight {
        private final int[] ticketsBySeller;
        private int seatsLeft;

        Flight(int seats, int sellers) {
            seatsLeft = seats;
            ticketsBySeller = new int[sellers];
        }

        void sellOne(int seller) {
            if (seatsLeft > 0) {
                seatsLeft = seatsLeft - 1;
                ticketsBySeller[seller] = ticketsBySeller[seller] + 1;
            }
        }

        int ticketsIssued() {
            int issued = 0;
            for (int tickets : ticketsBySeller) {
                issued += tickets;
            }
            return issued;
        }
    }

    private static final int SEATS = 2;
    private static final int SELLERS = 3;

    public static void main(String[] args) throws InterruptedException {
        check(new Flight(SEATS, SELLERS));
    }

    static void check(Flight flight) throws InterruptedException {
        Thread first = new Thread(() -> flight.sellOne(0));
        Thread second = new Thread(() -> flight.sellOne(1));
        Thread third = new Thread(() -> flight.sellOne(2));
        first.start();
        second.start();
        third.start();
        first.join();
        second.join();
        third.join();
        if (flight.ticketsIssued() > SEATS) {
            throw new AssertionError("oversold: " + flight.ticketsIssued() + " tickets for " + SEATS + " seats");
        }
    }
}
